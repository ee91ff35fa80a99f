import type { AuthContext } from '../../shared/sessions.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { idempotencyKeyField, int, optInt, optText, otp as otpField, reauthText } from '../../lib/fields.js';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { withdrawalDelayRules } from '../compensation/service.js';
import type { Ledger } from '../ledger/ledger.js';
import { findUserById } from '../user/repo.js';
import { moneyUser, walletCurrency } from '../../shared/money-user.js';
import { PIN_MESSAGES, type PinGuard } from './pin.js';
import { applyWithdrawal, limitsFor } from './service.js';
import { blockHold, holdView, moneyStanding, standingSnapshot, type StandingDeps } from './standing.js';
import { sellerZone } from '../../shared/seller-time.js';
import { kycToday } from '../kyc/service.js';
import { accountOwner, confirmPassword, securityChanged, waitText } from '../security/service.js';

export const PIN_RESET_OTHER_EMAIL = 'This is not the e-mail address bound to your account';

/** The login password, asked again for a PIN change (optional in the schema so its absence gets our message). */
const loginPassword = { login_password: reauthText('login_password') };

const pinField = (label: string, required: string) =>
  z
    .union([z.string(), z.number()], { error: (i) => (i.input === undefined ? required : `${label} must be text`) })
    .transform((v) => String(v).trim());

const lowest = (a: bigint, b: bigint | undefined) => (b !== undefined && b < a ? b : a);

export async function withdrawRoutes(app: FastifyInstance, opts: { ledger: Ledger; pins: PinGuard }): Promise<void> {
  const { db, ref } = app;
  const { ledger, pins } = opts;
  const { security } = app;
  const contact = { email: app.config.supportEmail, whatsapp: app.config.supportWhatsapp };
  const standingDeps: StandingDeps = { ref, ledger, security, kyc: app.kyc, contact };

  /**
   * Sets the PIN with the login password confirmed; the owner is told, and a change (not the first PIN) starts the
   * cooling-off.
   */
  const setPin = async (input: {
    userId: number;
    pin: string;
    first: boolean;
    inTx?: (q: Queryable) => Promise<void>;
  }) => {
    const { userId, pin, first, inTx } = input;
    let alert: (() => Promise<void>) | undefined;
    await pins.set({
      userId,
      pin,
      first,
      inTx: async (q) => {
        await inTx?.(q);
        const before = await accountOwner(q, userId);
        alert = await securityChanged(q, security, { before, change: first ? 'pin_set' : 'pin', coolingOff: !first });
      },
    });
    await alert?.();
    return null;
  };

  gcRoute(app, {
    path: '/withdraw/transactionPassword',
    summary: 'Set the first 6-digit transaction password (login_password: the login password)',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: pinField('password', PIN_MESSAGES.format), ...loginPassword }),
    handler: async (req) => {
      const u = await moneyUser(db, { ref }, req.auth!.userId);
      if (u.tpasswordHash) throw new AppError(PIN_MESSAGES.alreadySet);
      await confirmPassword(db, security, { auth: req.auth!, password: req.body.login_password });
      return setPin({ userId: u.id, pin: req.body.password, first: true });
    },
  });

  const change = async (auth: AuthContext, oldPin: string, newPin: string, loginPass: string | undefined) => {
    const userId = auth.userId;
    await confirmPassword(db, security, { auth, password: loginPass });
    await pins.check(userId, oldPin);
    if (oldPin === newPin) throw new AppError(PIN_MESSAGES.same);
    return setPin({ userId, pin: newPin, first: false });
  };
  for (const path of ['/withdraw/changeTPassword', '/withdraw/upTPassword']) {
    gcRoute(app, {
      path,
      summary:
        'Change the transaction password (login_password: the login password; the current one is checked and counts ' +
        'towards the lock)',
      auth: 'required',
      limit: 'auth',
      body: z.object({
        password: pinField('password', PIN_MESSAGES.format),
        new_password: pinField('new_password', PIN_MESSAGES.format),
        ...loginPassword,
      }),
      handler: async (req) => change(req.auth!, req.body.password, req.body.new_password, req.body.login_password),
    });
  }

  // The native apps' names for the same two steps (user/…ByEmail) send the address too: it must be the account's.
  const sameAddress = (given: string, mail: string) => {
    if (given && given.toLowerCase() !== mail.toLowerCase()) throw new AppError(PIN_RESET_OTHER_EMAIL);
  };
  for (const path of ['/withdraw/sendResetCode', '/user/sendWithdrawalPasswordResetEmail'])
    gcRoute(app, {
      path,
      summary: 'E-mail a code to reset the transaction password (to the bound e-mail address; login_password required)',
      auth: 'required',
      limit: 'code',
      body: z.object({ email: optText('email', 254), ...loginPassword }),
      handler: async (req) => {
        await confirmPassword(db, security, { auth: req.auth!, password: req.body.login_password });
        const u = await findUserById(db, req.auth!.userId);
        const mail = u?.email_verified ? u.email : null;
        if (!mail) throw new AppError(PIN_MESSAGES.noEmail);
        sameAddress(req.body.email, mail);
        await app.otp.send({ purpose: 'reset_tpassword', channel: 'email', address: mail.toLowerCase(), ip: req.ip });
        return null;
      },
    });

  for (const path of ['/withdraw/resetTPassword', '/user/resetWithdrawalPasswordByEmail'])
    gcRoute(app, {
      path,
      summary: 'Reset the transaction password with the e-mailed code and the login password; clears the lock',
      auth: 'required',
      limit: 'code',
      body: z.object({
        email: optText('email', 254),
        verify_code: otpField(),
        new_password: pinField('new_password', PIN_MESSAGES.format),
        ...loginPassword,
      }),
      handler: async (req) => {
        const userId = req.auth!.userId;
        await confirmPassword(db, security, { auth: req.auth!, password: req.body.login_password });
        const u = await findUserById(db, userId);
        const mail = u?.email_verified ? u.email : null;
        if (!mail) throw new AppError(PIN_MESSAGES.noEmail);
        sameAddress(req.body.email, mail);
        const codeId = await app.otp.check({
          purpose: 'reset_tpassword',
          address: mail.toLowerCase(),
          code: req.body.verify_code,
          userId,
        });
        return setPin({ userId, pin: req.body.new_password, first: false, inTx: (q) => app.otp.spend(q, codeId) });
      },
    });

  gcRoute(app, {
    path: '/withdraw/information',
    summary:
      'Balances, available now with every hold and limit on the rest, minimums, fee, default payout account and ' +
      'promised time',
    auth: 'required',
    body: z.object({ wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }) }),
    handler: async (req) => {
      // The user and every standing read at once (the snapshot), as wallet/balance reads them.
      const snapshot = await standingSnapshot(db, standingDeps, { userId: req.auth!.userId });
      const u = snapshot.user;
      const balances = snapshot.balances;
      const cash = (code: string) => balances.find((b) => b.kind === 'cash' && b.currency === code)?.balanceMinor ?? 0n;
      const local = await limitsFor(ref, u.local.code);
      const usdt = await limitsFor(ref, 'USDT');
      const wallet = req.body.wallet_type === 2 ? 2 : 1;
      const cur = walletCurrency(u, wallet);
      const settings = await ref.setting<{ timeout_desc?: string }>('withdraw', {});
      // The withdrawal's own promise and tiers: the ones settleWithdrawal pays by.
      const delay = await withdrawalDelayRules(ref);
      const wantCoin = cur.code === 'USDT';
      // The wallet's default payout account (else its oldest), and what holds a withdrawal to it: from the snapshot.
      const d = snapshot.accounts.find((a) => (a.method === 'USDT') === wantCoin);
      const block = snapshot.blockFor(d);
      // The identity level's limits for this wallet, before an amount is typed.
      const who = snapshot.who;
      const day = await kycToday(db, app.kyc, {
        user: who,
        currency: cur.code,
        used: snapshot.wallets.get(cur.code)?.kycUsed,
      });
      const money = (m: bigint) => formatMinor(m, cur.decimals);
      // What one withdrawal from this wallet could take now, and why the rest cannot leave yet.
      const standing = await moneyStanding(db, standingDeps, { userId: u.id, walletType: wallet, user: u, snapshot });
      const held = block
        ? blockHold(block, {
            zone: sellerZone(u.country.short_name),
            contact,
            account: d ? `${d.bank_name} ${d.account_no}` : undefined,
            amountMinor: 0n,
            wait: waitText(security.config.security.coolingOffMs),
          })
        : null;
      return {
        cashable_amount: Number(formatMinor(cash(u.local.code), u.local.decimals)),
        cashable_usd_amount: Number(formatMinor(cash('USDT'), u.usdt.decimals)),
        minimum_amount: Number(formatMinor(local.min, u.local.decimals)),
        minimum_amount_usd: Number(formatMinor(usdt.min, u.usdt.decimals)),
        // The most one withdrawal may be: the platform's maximum, or the identity level's if lower.
        maximum_amount: formatMinor(
          lowest(local.max, cur.code === u.local.code ? day?.limits.singleMinor : undefined),
          u.local.decimals,
        ),
        maximum_amount_usd: formatMinor(
          lowest(usdt.max, cur.code === 'USDT' ? day?.limits.singleMinor : undefined),
          u.usdt.decimals,
        ),
        fee: formatMinor(local.fee, u.local.decimals),
        usdt_fee: formatMinor(usdt.fee, u.usdt.decimals),
        currency_name: cur.code,
        currency_symbol: cur.symbol,
        wallet_type: String(req.body.wallet_type),
        bank: d
          ? {
              bank_id: Number(d.id),
              bank_account: d.account_no,
              bank_name: d.bank_name,
              bank_logo: d.bank_logo,
              bank_logo_image: d.bank_logo,
            }
          : null,
        timeout_desc: settings.timeout_desc ?? '',
        overdue_time: String(delay.minutes),
        overdue_data: delay.tiers,
        overdue_max_percent: delay.maxPercent,
        // Why withdrawals (to the default account) wait now, and until when: the form says so first.
        security_hold:
          block && held
            ? {
                message: held.message,
                until: 'until' in block ? Math.floor(block.until.getTime() / 1000) : 0,
                frozen: 'frozen' in block,
              }
            : null,
        kyc: day
          ? {
              level: who.level,
              single_limit: money(day.limits.singleMinor),
              daily_limit: money(day.limits.dailyMinor),
              remaining_today: money(day.remaining),
              next_level: day.next
                ? {
                    level: day.next.level,
                    single_limit: money(day.next.singleMinor),
                    daily_limit: money(day.next.dailyMinor),
                  }
                : null,
            }
          : null,
        available_now: money(standing.availableMinor),
        holds: standing.holds.map((h) => holdView(h, cur.decimals)),
      };
    },
  });

  gcRoute(app, {
    path: '/withdraw/apply',
    summary:
      'Withdraw to a saved payout account: transaction password, limits, funds held at once, a withdrawal number',
    description:
      'Optional idempotency_key: a retry with the same key and fields returns the first result; the same key with ' +
      'other fields is refused.',
    auth: 'required',
    body: z.object({
      bank_id: int('bank_id', { required: 'Please choose a payout account', min: 1 }),
      amount: z.union([z.string(), z.number()], {
        error: (i) => (i.input === undefined ? 'Amount is required' : 'Amount must be text'),
      }),
      password: pinField('password', PIN_MESSAGES.format),
      channel_type: optText('channel_type', 4),
      idempotency_key: idempotencyKeyField(),
    }),
    handler: async (req) => {
      const b = req.body;
      return applyWithdrawal(
        db,
        {
          ref,
          ledger,
          pins,
          security,
          kyc: app.kyc,
          duplicateWindowMinutes: app.config.withdraw.duplicateWindowMinutes,
          jobs: app.jobs,
          contact,
        },
        {
          userId: req.auth!.userId,
          accountId: b.bank_id,
          amount: b.amount,
          pin: b.password,
          idempotencyKey: b.idempotency_key,
        },
      );
    },
  });
}
