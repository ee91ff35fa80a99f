import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { int, oneOf, optInt, page, pageSize } from '../../lib/fields.js';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Reference } from '../../shared/reference.js';
import { withdrawStatusText } from '../withdraw/service.js';
import { moneyStanding, standingSnapshot, standingView } from '../withdraw/standing.js';
import { referralSettingsIn } from '../referral/service.js';
import { moneyUser, walletCurrency } from '../../shared/money-user.js';
import { walletRepo, type LogRow } from './repo.js';
import type { AccountBalance } from '../user/repo.js';

const LOG_TYPE: Record<string, string> = {
  order_credit: 'order',
  withdraw_hold: 'withdraw',
  withdraw_release: 'withdraw',
  withdraw_post: 'withdraw',
  correction: 'admin',
  reward: 'activity',
  reward_transfer: 'transfer',
  delay_compensation: 'compensation',
};
const LOG_NAME: Record<string, string> = {
  order_credit: 'Gift card sold',
  withdraw_hold: 'Withdrawal',
  withdraw_release: 'Withdrawal refunded',
  withdraw_post: 'Withdrawal paid',
  correction: 'Balance correction',
  reward: 'Reward',
  reward_transfer: 'Rewards moved to cash',
  delay_compensation: 'Delay compensation',
};

/** The wallet (CONTRACT §3.9): balances from the ledger, the money log from the user's postings. */
export async function walletRoutes(app: FastifyInstance, opts: { ledger: Ledger }): Promise<void> {
  const { db, ref } = app;
  const { ledger } = opts;

  const logView = async (r: LogRow, walletType: number) => {
    const cur = await ref.currency(r.currency_code);
    const f = (m: bigint) => formatMinor(m, cur.decimals);
    return {
      log_id: Number(r.id),
      order_no: r.order_no ?? r.w_no ?? '',
      memo: r.memo,
      remark: r.w_reason ?? '',
      name: LOG_NAME[r.kind] ?? r.kind,
      currency_name: cur.code,
      currency_symbol: cur.symbol,
      create_time: Math.floor(r.created_at.getTime() / 1000),
      amount: Number(f(r.amount_minor)),
      balance_amount: Number(f(r.balance_after_minor)),
      order_amount:
        r.order_amount_minor !== null
          ? f(r.order_amount_minor)
          : r.w_amount !== null
            ? f(r.w_amount)
            : f(r.amount_minor < 0n ? -r.amount_minor : r.amount_minor),
      platform_fee: f(r.w_fee ?? 0n),
      vip_rate: r.vip_bp ? String(r.vip_bp / 100) : '0',
      type: LOG_TYPE[r.kind] ?? 'other',
      order_status: r.w_status ? withdrawStatusText[r.w_status] : 'Successful',
      image: r.order_image ?? '',
      account_no: r.w_account_no ?? '',
      account_name: r.w_account_name ?? '',
      bank_name: r.w_bank ?? '',
      bank_logo: r.bank_logo ?? '',
      wallet_type: String(r.w_wallet_type ?? walletType),
      promised_time: r.w_promised ? Math.floor(r.w_promised.getTime() / 1000) : 0,
    };
  };

  gcRoute(app, {
    path: '/wallet/balance',
    summary:
      'Cash, held by pending withdrawals (`frozen_amount`), withdrawable and reward balances, orders in ' +
      'progress, and ' +
      "each wallet's money available now with the holds on the rest (`standing`)",
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      const standingDeps = {
        ref,
        ledger,
        security: app.security,
        kyc: app.kyc,
        contact: { email: app.config.supportEmail, whatsapp: app.config.supportWhatsapp },
      };
      // The user, both wallets' standing, the balances and the orders being checked from one read (the snapshot).
      const snapshot = await standingSnapshot(db, standingDeps, { userId: req.auth!.userId });
      const u = snapshot.user;
      const b = snapshot.balances;
      const get = (kind: string, code: string) =>
        b.find((x) => x.kind === kind && x.currency === code) ?? { balanceMinor: 0n, heldMinor: 0n };
      const local = get('cash', u.local.code);
      const usdt = get('cash', 'USDT');
      // Each wallet's money available now and the holds on the rest: the one figure every screen shows.
      const standing = [];
      for (const walletType of [1, 2] as const)
        standing.push(
          standingView(await moneyStanding(db, standingDeps, { userId: u.id, walletType, user: u, snapshot })),
        );
      const f = (m: bigint, d: number) => formatMinor(m, d);
      return {
        // total = what the user owns in the local wallet, held withdrawals included.
        total_amount: Number(f(local.balanceMinor + local.heldMinor, u.local.decimals)),
        usd_amount: f(usdt.balanceMinor + (u.local.code === 'USDT' ? 0n : usdt.heldMinor), u.usdt.decimals),
        frozen_amount: Number(f(local.heldMinor, u.local.decimals)),
        withdraw_amount: Number(f(local.balanceMinor, u.local.decimals)),
        usd_frozen_amount: f(u.local.code === 'USDT' ? 0n : usdt.heldMinor, u.usdt.decimals),
        usd_withdraw_amount: f(usdt.balanceMinor, u.usdt.decimals),
        // The reward balance moves to cash at this (the referral programme's threshold).
        transfer_rebate: f(referralSettingsIn(snapshot.tables, u.local.code).threshold, u.local.decimals),
        rebate_amount: Number(f(get('reward', u.local.code).balanceMinor, u.local.decimals)),
        usd_rebate_money: Number(f(get('reward', 'USDT').balanceMinor, u.usdt.decimals)),
        checkin_status: false,
        lottery_status: false,
        rank_status: false,
        default_wallet_type: '1',
        dealing_cnt: snapshot.pendingOrders,
        currency_name: u.local.code,
        currency_symbol: u.local.symbol,
        rate: '0',
        point: 0,
        standing: u.local.code === 'USDT' ? standing.slice(0, 1) : standing,
      };
    },
  });

  gcRoute(app, {
    path: '/wallet/moneyLogList',
    summary: 'Money log of a wallet, newest first: signed amount and the balance after each entry',
    auth: 'required',
    body: z.object({
      type: oneOf('type', ['all', 'withdraw', 'order', 'transfer', 'other'], 'all'),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
      page: page(),
      page_size: pageSize(20, 200),
    }),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const cur = walletCurrency(u, req.body.wallet_type);
      const kinds: Record<string, string[] | null> = {
        all: null,
        withdraw: ['withdraw_hold', 'withdraw_release', 'withdraw_post'],
        order: ['order_credit'],
        transfer: ['reward_transfer'],
        other: ['correction', 'reward', 'delay_compensation'],
      };
      const k = kinds[req.body.type] ?? null;
      const rows = await walletRepo.cashLog(db, u.id, cur.code, k, req.body.page, req.body.page_size);
      return Promise.all(rows.map((x) => logView(x, req.body.wallet_type)));
    },
  });

  gcRoute(app, {
    path: '/wallet/moneyLogDetail',
    summary: 'One money-log entry; for a withdrawal also its number, times and status',
    auth: 'required',
    body: z.object({ log_id: int('log_id', { required: 'log_id is required', min: 1 }) }),
    handler: async (req) => {
      const row = await walletRepo.logEntry(db, req.auth!.userId, req.body.log_id);
      if (!row) throw new AppError('Record not found');
      const base = await logView(row, 1);
      return {
        ...base,
        // The payout provider's reference of a withdrawal; never an internal id ('' until paid).
        serial_number: row.w_reference ?? '',
        withdraw_no: row.w_no ?? '',
        withdraw_create_time: row.w_created ? Math.floor(row.w_created.getTime() / 1000) : 0,
        withdraw_deal_time: row.w_settled ? Math.floor(row.w_settled.getTime() / 1000) : 0,
      };
    },
  });
}

/**
 * The user object's balances (CONTRACT §3.3) and the closure checks, plugged into the account seams. The balances
 * come from the ledger accounts read with the user, so the ledger itself is not needed here.
 */
export function walletHooks(ref: Reference) {
  return {
    balances: async (b: AccountBalance[], countryId: number) => {
      const tables = await ref.tables();
      const local = tables.currency(tables.country(countryId).wallet_currency);
      const usdt = tables.currency('USDT');
      const get = (kind: string, code: string) =>
        b.find((x) => x.kind === kind && x.currency === code)?.balanceMinor ?? 0n;
      return {
        money: formatMinor(get('cash', local.code), local.decimals),
        rebate_money: formatMinor(get('reward', local.code), local.decimals),
        usd_rebate_money: formatMinor(get('reward', 'USDT'), usdt.decimals),
      };
    },
    closureCheck: async (q: Queryable, userId: number) => {
      const open = await walletRepo.openMoney(q, userId);
      if (open.balance) return 'Please withdraw your balance before closing your account';
      if (open.held) return 'Please wait for your withdrawals to complete before closing your account';
      if (open.orders) return 'Please wait for your orders to finish before closing your account';
      return null;
    },
  };
}
