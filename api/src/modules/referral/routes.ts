import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { int, optInt, page, pageSize } from '../../lib/fields.js';
import { formatMinor, minorToNumber, moneyText } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { moneyUser, walletCurrency } from '../../shared/money-user.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import { referralRepo } from './repo.js';
import {
  claimableTotal,
  claimRewards,
  friendName,
  referralAmounts,
  referralSettings,
  referredTotal,
} from './service.js';

/**
 * CONTRACT §6.6 rebate types this programme produces: 2 a friend's sale, 3 the first (sign-up reward in it), 4 moved to
 * cash.
 */
const REBATE_TYPE = { trade: 2, first: 3, transfer: 4 } as const;

/** `YYYY-MM-DD HH:mm:ss` in UTC, as CONTRACT says rebate times arrive. */
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** The referral programme (CONTRACT §2.6): the invite code and what it earns, the friends, the reward wallet. */
export async function referralRoutes(app: FastifyInstance, opts: { ledger: Ledger }): Promise<void> {
  const { db, ref } = app;

  gcRoute(app, {
    path: '/rebate/inviteinfo',
    summary: 'The invite code and link, what each referral earns, and the friends and rewards so far',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const { currency, perTrade, signup } = await referralAmounts(ref, u.country.id);
      const { minTrade, threshold } = await referralSettings(ref, currency.code);
      const [row, earned, claimable] = await Promise.all([
        referralRepo.inviteSummary(db, u.id),
        referredTotal(db, { userId: u.id, currency: currency.code }),
        claimableTotal(db, { userId: u.id, currency: currency.code }),
      ]);
      const f = (m: bigint) => formatMinor(m, currency.decimals);
      const link = `/sign-up?code=${encodeURIComponent(row.invite_code)}`;
      return {
        invite_code: row.invite_code,
        invite_link: link,
        act_url: link,
        currency_name: currency.code,
        currency_symbol: currency.symbol,
        register_amount: f(signup),
        friend_amount: f(perTrade),
        first_amount: f(perTrade + signup),
        self_amount: f(0n),
        recommend_enough_amount: f(minTrade),
        transfer_rebate: f(threshold),
        invite_friends: row.friends,
        success_order_user: row.earning,
        referred_total_bonus: f(earned),
        recommend_amount: f(earned),
        rebate_money_config: [f(perTrade + signup), f(perTrade)],
        // What a claim would move to the cash wallet now (a number: the apps animate it).
        can_receive_money: minorToNumber(claimable, currency.decimals),
      };
    },
  });

  gcRoute(app, {
    path: '/rebate/getReferralUsers',
    summary: 'The friends who signed up with the invite code, newest first, with what each has earned the inviter',
    auth: 'required',
    body: z.object({ page: page(), page_size: pageSize(20, 100) }),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const { currency } = await referralAmounts(ref, u.country.id);
      const rows = await referralRepo.friends(db, u.id, currency.code, req.body.page, req.body.page_size);
      return rows.map((f) => ({
        user_id: f.id,
        username: friendName(f.nickname, f.status, f.email),
        avatar: f.status === 'active' ? f.avatar : '',
        register_date: f.created_at.toISOString().slice(0, 10),
        currency_name: currency.code,
        currency_symbol: currency.symbol,
        amount: formatMinor(f.earned, currency.decimals),
        status: f.sales > 0 ? 2 : 0,
        // false: this friend's sales earn nothing (their account is linked to the inviter's); never why.
        eligible: !f.refused,
      }));
    },
  });

  gcRoute(app, {
    path: '/rebate/rebateList',
    summary:
      'The reward wallet: balance, totals and entries, newest first (type 0 all, 2 sales, 3 first sales, 4 moves to ' +
      'cash)',
    auth: 'required',
    body: z.object({
      type: optInt('type', 0, { min: 0, max: 99 }),
      wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }),
      page: page(),
      page_size: pageSize(20, 100),
    }),
    handler: async (req) => {
      const b = req.body;
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const cur = walletCurrency(u, b.wallet_type);
      const { threshold } = await referralSettings(ref, cur.code);
      const kind =
        b.type === 0
          ? 'all'
          : b.type === REBATE_TYPE.transfer
            ? 'transfer'
            : b.type === REBATE_TYPE.first
              ? 'first'
              : b.type === REBATE_TYPE.trade
                ? 'trade'
                : 'none';
      const [entries, t, referred] = await Promise.all([
        referralRepo.rewardEntries(db, u.id, cur.code, kind, b.page, b.page_size),
        referralRepo.rewardTotals(db, u.id, cur.code),
        referredTotal(db, { userId: u.id, currency: cur.code }),
      ]);
      const f = (m: bigint) => formatMinor(m, cur.decimals);
      // The USDT tab's figures (the apps read the _usd fields there), the order bonuses and the VIP table.
      const usdt = u.usdt;
      const [usdTotals, usdThreshold, levels, ladder] = await Promise.all([
        referralRepo.rewardTotals(db, u.id, usdt.code),
        referralSettings(ref, usdt.code),
        ref.vipLevels(),
        ref.ladder(),
      ]);
      const ut = usdTotals;
      const fu = (m: bigint) => formatMinor(m, usdt.decimals);
      return {
        short_name: cur.code,
        currency_symbol: cur.symbol,
        transfer_rebate: f(threshold),
        rebate_amount: f(t.balance ?? 0n),
        rebate_total_amount: f(t.earned),
        currency_symbol_usd: usdt.symbol,
        transfer_rebate_usd: fu(usdThreshold.threshold),
        rebate_amount_usd: fu(ut.balance ?? 0n),
        rebate_total_amount_usd: fu(ut.earned),
        referred_bonus: f(referred),
        first_order_bonus: f(0n),
        amount_order_bonus: (ladder.get(cur.code) ?? []).map((x) => ({
          order_amount: f(x.orderAmountMinor),
          bonus_amount: f(x.bonusAmountMinor),
        })),
        vip_info: levels.map((l) => ({ level: l.level, rate: l.rate_bp / 100 })),
        user_invited_number: String(t.friends),
        user_rebate_list: entries.map((e) => ({
          log_id: Number(e.id),
          create_time: stamp(e.created_at),
          money: Number(f(e.amount_minor)),
          after_balance: f(e.balance_after_minor),
          type: e.journal_kind === 'reward_transfer' ? REBATE_TYPE.transfer : e.rr_kind ? REBATE_TYPE[e.rr_kind] : 0,
          wallet_type: String(b.wallet_type),
          activity_code: e.journal_kind,
          from_get: e.rr_kind ? friendName(e.nickname, e.friend_status ?? 'active', e.friend_email) : '',
          name:
            e.journal_kind === 'reward_transfer'
              ? 'Moved to your cash wallet'
              : e.rr_kind === 'first'
                ? 'First sale of a friend (sign-up reward included)'
                : e.rr_kind
                  ? 'Sale of a friend'
                  : e.memo,
          vip_rate: '0',
          // Only in the wallet's own currency: a friend selling in another currency shows no amount here.
          ...(e.trade_minor !== null && e.trade_currency === cur.code ? { purchase_amount: f(e.trade_minor) } : {}),
        })),
      };
    },
  });

  /**
   * The friends who joined with the invite code and where their rewards stand (CONTRACT §6.13): 0 none yet, 1 to claim,
   * 2 claimed.
   */
  gcRoute(app, {
    path: '/rebate/getInvitingDetails',
    summary: 'My invites: each friend, what they earned me, and whether a reward waits to be claimed (status 0/1/2)',
    auth: 'required',
    body: z.object({ page: page(), page_size: pageSize(20, 100) }),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const { currency } = await referralAmounts(ref, u.country.id);
      const rows = await referralRepo.friendRewards(db, u.id, currency.code, req.body.page, req.body.page_size);
      return rows.map((f) => ({
        user_id: f.id,
        username: friendName(f.nickname, f.status),
        avatar: f.status === 'active' ? f.avatar : '',
        register_date: f.created_at.toISOString().slice(0, 10),
        currency_name: currency.code,
        currency_symbol: currency.symbol,
        amount: formatMinor(f.earned, currency.decimals),
        status: f.unmoved > 0 ? 1 : f.rewards > 0 ? 2 : 0,
        eligible: !f.refused,
      }));
    },
  });

  gcRoute(app, {
    path: '/rebate/receiveInviteRebate',
    summary: 'Claim the rewards a friend earned me: they move from the reward wallet to the cash wallet now',
    auth: 'required',
    limit: 'auth',
    body: z.object({
      recommend_user_id: int('recommend_user_id', {
        min: 1,
        max: 2_147_483_647,
        required: 'recommend_user_id is required',
      }),
    }),
    handler: async (req) => {
      const userId = req.auth!.userId;
      await db.tx(async (q) => {
        const { amountMinor, currency } = await claimRewards(q, opts, { userId, friendId: req.body.recommend_user_id });
        const cur = await ref.currency(currency);
        await notify(q, {
          userId,
          title: 'Reward claimed',
          content: `${moneyText(amountMinor, cur)} of referral rewards moved to your cash wallet.`,
          action: 'app_wallet',
        });
      });
      return null;
    },
  });

  /** The inviters who earned most in the viewer's currency; names masked as elsewhere. */
  gcRoute(app, {
    path: '/rebate/inviteRankList',
    summary: 'Top inviters by referral rewards earned (in my currency), and my own place',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      const { currency, perTrade, signup } = await referralAmounts(ref, u.country.id);
      const f = (m: bigint) => formatMinor(m, currency.decimals);
      const ranked = await referralRepo.topInviters(db, currency.code);
      const entry = (x: {
        user_id: number;
        nickname: string;
        invite_code: string;
        status: string;
        total: bigint;
        cnt: number;
        rank: number;
      }) => {
        const name = friendName(x.nickname, x.status);
        return {
          user_id: x.user_id,
          username: name,
          NAME: name,
          CODE: '',
          currency_name: currency.code,
          currency_symbol: currency.symbol,
          total_amount: f(x.total),
          amount: f(x.total),
          cnt: x.cnt,
          rank: x.rank,
          top: x.rank,
        };
      };
      const m = await referralRepo.myStanding(db, u.id, currency.code);
      const link = `/sign-up?code=${encodeURIComponent(m.invite_code)}`;
      return {
        act_url: link,
        register_amount: f(signup),
        friend_amount: f(perTrade),
        first_amount: f(perTrade + signup),
        self_amount: f(0n),
        invite_friends: m.friends,
        success_order_user: m.cnt,
        notify: [],
        top_list: ranked.map(entry),
        my_top: {
          code: m.invite_code,
          cnt: m.cnt,
          amount: f(m.total),
          total_amount: f(m.total),
          // No rank until the first reward.
          top: m.total > 0n ? m.rank : 0,
          rank: m.total > 0n ? m.rank : 0,
          username: friendName(m.nickname),
          currency_name: currency.code,
          currency_symbol: currency.symbol,
        },
      };
    },
  });
}
