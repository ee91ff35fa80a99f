import type { AuthContext } from '../user/sessions.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { IDEMPOTENCY_KEY_FORMAT, idempotencyKeyField, int, optInt, optText, otp as otpField, reauthText } from '../../lib/fields.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { paramsHash, type Ledger } from '../ledger/ledger.js';
import { notify } from '../notices/service.js';
import { moneyUser, walletCurrency, walletTypeOfMethod } from '../wallet/context.js';
import { PIN_MESSAGES, type PinGuard } from './pin.js';
import { limitsFor, newWithdrawNo, type WithdrawRow } from './service.js';

export const WITHDRAW_MESSAGES = {
  amountFormat: 'Enter a valid amount',
  decimals: (d: number) => `Amount can have at most ${d} decimals`,
  belowMin: (m: string) => `The minimum withdrawal is ${m}`,
  aboveMax: (m: string) => `The maximum withdrawal is ${m}`,
  dailyAmount: 'This withdrawal would pass your daily withdrawal limit',
  dailyCount: 'You have reached the number of withdrawals allowed today',
  feeTooHigh: 'The amount must be more than the fee',
  insufficient: 'Insufficient balance',
  account: 'Payout account not found',
  duplicate: 'An identical withdrawal was submitted a moment ago; check your withdrawal history before trying again',
  keyFormat: IDEMPOTENCY_KEY_FORMAT,
} as const;

export const PIN_RESET_OTHER_EMAIL = 'This is not the e-mail address bound to your account';

/** A double-click without an idempotency key: the same amount to the same account this soon is refused. */
const DUPLICATE_WINDOW_S = 10;


/** The login password, asked again for a PIN change (optional in the schema so its absence gets our message). */
const loginPassword = { login_password: reauthText('login_password') };

const pinField = (label: string, required: string) => z.union([z.string(), z.number()], { error: (i) => (i.input === undefined ? required : `${label} must be text`) }).transform((v) => String(v).trim());

const lowest = (a: bigint, b: bigint | undefined) => (b !== undefined && b < a ? b : a);

export async function withdrawRoutes(app: FastifyInstance, opts: { ledger: Ledger; pins: PinGuard }): Promise<void> {
  const { db, ref } = app;
  const { ledger, pins } = opts;
  const { security } = app;

  /** Sets the PIN with the login password confirmed; the owner is told, and a change (not the first PIN) starts the cooling-off. */
  const setPin = async (userId: number, pin: string, first: boolean, inTx?: (q: Queryable) => Promise<void>) => {
    let alert: (() => Promise<void>) | undefined;
    await pins.set(userId, pin, async (q) => {
      await inTx?.(q);
      alert = await security.changed(q, await security.owner(q, userId), 'pin', { hold: !first });
    });
    await alert?.();
    return null;
  };

  gcRoute(app, {
    path: '/withdraw/transactionPassword',
    summary: 'Set the first 6-digit withdrawal PIN (login_password: the login password)',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: pinField('password', PIN_MESSAGES.format), ...loginPassword }),
    handler: async (req) => {
      const u = await moneyUser(db, ref, req.auth!.userId);
      if (u.tpasswordHash) throw new AppError(PIN_MESSAGES.alreadySet);
      await security.confirmPassword(req.auth!, req.body.login_password);
      return setPin(u.id, req.body.password, true);
    },
  });

  const change = async (auth: AuthContext, oldPin: string, newPin: string, loginPass: string | undefined) => {
    const userId = auth.userId;
    await security.confirmPassword(auth, loginPass);
    await pins.check(userId, oldPin);
    if (oldPin === newPin) throw new AppError(PIN_MESSAGES.same);
    return setPin(userId, newPin, false);
  };
  for (const path of ['/withdraw/changeTPassword', '/withdraw/upTPassword']) {
    gcRoute(app, {
      path,
      summary: 'Change the withdrawal PIN (login_password: the login password; the current PIN is checked and counts towards the lock)',
      auth: 'required',
      limit: 'auth',
      body: z.object({ password: pinField('password', PIN_MESSAGES.format), new_password: pinField('new_password', PIN_MESSAGES.format), ...loginPassword }),
      handler: async (req) => change(req.auth!, req.body.password, req.body.new_password, req.body.login_password),
    });
  }

  // The native apps' names for the same two steps (user/…ByEmail) send the address too: it must be the account's.
  const sameAddress = (given: string, mail: string) => {
    if (given && given.toLowerCase() !== mail.toLowerCase()) throw new AppError(PIN_RESET_OTHER_EMAIL);
  };
  for (const path of ['/withdraw/sendResetCode', '/user/sendWithdrawalPasswordResetEmail']) gcRoute(app, {
    path,
    summary: 'E-mail a code to reset the withdrawal PIN (to the bound e-mail address; login_password required)',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: optText('email', 254), ...loginPassword }),
    handler: async (req) => {
      await security.confirmPassword(req.auth!, req.body.login_password);
      const u = await db.query<{ email: string | null; email_verified: boolean }>('select email, email_verified from users where id = $1', [req.auth!.userId]);
      const mail = u.rows[0]?.email_verified ? u.rows[0].email : null;
      if (!mail) throw new AppError(PIN_MESSAGES.noEmail);
      sameAddress(req.body.email, mail);
      await app.otp.send('reset_tpassword', 'email', mail.toLowerCase(), req.ip);
      return null;
    },
  });

  for (const path of ['/withdraw/resetTPassword', '/user/resetWithdrawalPasswordByEmail']) gcRoute(app, {
    path,
    summary: 'Reset the withdrawal PIN with the e-mailed code and the login password; clears the lock',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: optText('email', 254), verify_code: otpField(), new_password: pinField('new_password', PIN_MESSAGES.format), ...loginPassword }),
    handler: async (req) => {
      const userId = req.auth!.userId;
      await security.confirmPassword(req.auth!, req.body.login_password);
      const u = await db.query<{ email: string | null; email_verified: boolean }>('select email, email_verified from users where id = $1', [userId]);
      const mail = u.rows[0]?.email_verified ? u.rows[0].email : null;
      if (!mail) throw new AppError(PIN_MESSAGES.noEmail);
      sameAddress(req.body.email, mail);
      const codeId = await app.otp.check('reset_tpassword', mail.toLowerCase(), req.body.verify_code, { userId });
      return setPin(userId, req.body.new_password, false, (q) => app.otp.spend(q, codeId));
    },
  });

  gcRoute(app, {
    path: '/withdraw/information',
    summary: 'Withdrawable amounts, minimums, fee, default payout account and promised time',
    auth: 'required',
    body: z.object({ wallet_type: optInt('wallet_type', 1, { min: 1, max: 2 }) }),
    handler: async (req) => {
      const u = await moneyUser(db, ref, req.auth!.userId);
      const balances = await ledger.userBalances(db, u.id);
      const cash = (code: string) => balances.find((b) => b.kind === 'cash' && b.currency === code)?.balanceMinor ?? 0n;
      const local = await limitsFor(ref, u.local.code);
      const usdt = await limitsFor(ref, 'USDT');
      const cur = walletCurrency(u, req.body.wallet_type);
      const settings = await ref.setting<{ timeout_desc?: string; overdue_time?: string }>('withdraw', {});
      const page = await ref.setting<{ overdue_data?: unknown[]; overdue_max_percent?: string }>('sell_page', {});
      const wantCoin = cur.code === 'USDT';
      const def = await db.query<{ id: bigint; account_no: string; name: string; logo: string }>(
        `select p.id, p.account_no, b.name, b.logo from payout_accounts p join banks b on b.id = p.bank_id
          where p.user_id = $1 and p.deleted_at is null and (p.method = 'USDT') = $2 order by p.is_default desc, p.id limit 1`,
        [u.id, wantCoin],
      );
      const d = def.rows[0];
      const hold = await security.withdrawHold(db, u.id, d?.id ?? null);
      // The identity level's limits for this wallet, before an amount is typed (issue 15).
      const who = await app.kyc.user(db, u.id);
      const day = await app.kyc.today(db, who, cur.code);
      const money = (m: bigint) => formatMinor(m, cur.decimals);
      return {
        cashable_amount: Number(formatMinor(cash(u.local.code), u.local.decimals)),
        cashable_usd_amount: Number(formatMinor(cash('USDT'), u.usdt.decimals)),
        minimum_amount: Number(formatMinor(local.min, u.local.decimals)),
        minimum_amount_usd: Number(formatMinor(usdt.min, u.usdt.decimals)),
        // The most one withdrawal may be: the platform's maximum, or the identity level's if lower.
        maximum_amount: formatMinor(lowest(local.max, cur.code === u.local.code ? day?.limits.singleMinor : undefined), u.local.decimals),
        maximum_amount_usd: formatMinor(lowest(usdt.max, cur.code === 'USDT' ? day?.limits.singleMinor : undefined), u.usdt.decimals),
        fee: formatMinor(local.fee, u.local.decimals),
        usdt_fee: formatMinor(usdt.fee, u.usdt.decimals),
        currency_name: cur.code,
        currency_symbol: cur.symbol,
        wallet_type: String(req.body.wallet_type),
        bank: d ? { bank_id: Number(d.id), bank_account: d.account_no, bank_name: d.name, bank_logo: d.logo, bank_logo_image: d.logo } : null,
        timeout_desc: settings.timeout_desc ?? '',
        overdue_time: settings.overdue_time ?? '',
        overdue_data: page.overdue_data ?? [],
        overdue_max_percent: page.overdue_max_percent ?? '0',
        // Why withdrawals (to the default account) wait now, and until when: the form says so first.
        security_hold: hold ? { message: hold.message, until: 'until' in hold ? Math.floor(hold.until.getTime() / 1000) : 0, frozen: 'frozen' in hold } : null,
        kyc: day
          ? {
              level: who.level,
              single_limit: money(day.limits.singleMinor),
              daily_limit: money(day.limits.dailyMinor),
              remaining_today: money(day.remaining),
              next_level: day.next ? { level: day.next.level, single_limit: money(day.next.singleMinor), daily_limit: money(day.next.dailyMinor) } : null,
            }
          : null,
      };
    },
  });

  gcRoute(app, {
    path: '/withdraw/apply',
    summary: 'Withdraw to a saved payout account: PIN, limits, funds held at once, a withdrawal number',
    description: 'Optional idempotency_key: a retry with the same key and fields returns the first result; the same key with other fields is refused.',
    auth: 'required',
    body: z.object({
      bank_id: int('bank_id', { required: 'Please choose a payout account', min: 1 }),
      amount: z.union([z.string(), z.number()], { error: (i) => (i.input === undefined ? 'Amount is required' : 'Amount must be text') }),
      password: pinField('password', PIN_MESSAGES.format),
      channel_type: optText('channel_type', 4),
      idempotency_key: idempotencyKeyField(),
    }),
    handler: async (req) => {
      const b = req.body;
      const u = await moneyUser(db, ref, req.auth!.userId);
      const key = b.idempotency_key || null;
      const hash = paramsHash({ bank_id: b.bank_id, amount: String(b.amount).trim() });
      const view = async (w: WithdrawRow) => {
        const cur = await ref.currency(w.currency_code);
        const bal = await db.query<{ balance_minor: bigint; log_id: bigint | null }>(
          `select a.balance_minor, (select p.id from ledger_postings p join ledger_holds h on h.hold_journal_id = p.journal_id where h.id = $2 and p.account_id = a.id) as log_id
             from ledger_accounts a where a.user_id = $1 and a.kind = 'cash' and a.currency_code = $3`,
          [u.id, w.hold_id, w.currency_code],
        );
        const first = await db.query<{ n: number }>('select count(*)::int as n from withdrawals where user_id = $1 and id <= $2', [u.id, w.id]);
        const wa = await db.query<{ whatsapp_verified: boolean }>('select whatsapp_verified from users where id = $1', [u.id]);
        return {
          wallet_type: w.wallet_type,
          withdraw_amount: formatMinor(w.amount_minor, cur.decimals),
          fee: formatMinor(w.fee_minor, cur.decimals),
          total_amount: Number(formatMinor(bal.rows[0]?.balance_minor ?? 0n, cur.decimals)),
          payment: w.method,
          bank_name: w.bank_name,
          account_no: w.account_no,
          withdraw_no: w.withdraw_no,
          is_firstwithdraw: first.rows[0]?.n === 1,
          whatsapp_bind: Boolean(wa.rows[0]?.whatsapp_verified),
          log_id: Number(bal.rows[0]?.log_id ?? 0),
        };
      };
      const replay = async () => {
        if (!key) return null;
        const r = await db.query<WithdrawRow>('select * from withdrawals where user_id = $1 and idempotency_key = $2', [u.id, key]);
        const w = r.rows[0];
        if (!w) return null;
        if (w.params_hash !== hash) throw new AppError('This request key was already used for a different request');
        return view(w);
      };
      const prior = await replay();
      if (prior) return prior;

      // Cooling-off and freeze come before the PIN: a hold is not a wrong try.
      const hold = await security.withdrawHold(db, u.id, b.bank_id);
      if (hold) throw new AppError(hold.message);
      await pins.check(u.id, b.password);
      await ref.warm();

      const created = await db.tx(async (q) => {
        const acc = await q.query<{ id: bigint; method: string; account_no: string; account_name: string; bank_name: string }>(
          `select p.id, p.method, p.account_no, p.account_name, k.name as bank_name from payout_accounts p join banks k on k.id = p.bank_id
            where p.id = $1 and p.user_id = $2 and p.deleted_at is null for share of p`,
          [b.bank_id, u.id],
        );
        const payout = acc.rows[0];
        if (!payout) throw new AppError(WITHDRAW_MESSAGES.account);
        const walletType = walletTypeOfMethod(u, payout.method);
        const cur = walletCurrency(u, walletType);
        const parsed = parseAmount(b.amount, cur.decimals);
        if (!parsed.ok) throw new AppError(parsed.reason === 'decimals' ? WITHDRAW_MESSAGES.decimals(cur.decimals) : WITHDRAW_MESSAGES.amountFormat);
        const amount = parsed.minor;
        const limits = await limitsFor(ref, cur.code);
        const money = (m: bigint) => moneyText(m, cur);
        if (amount < limits.min) throw new AppError(WITHDRAW_MESSAGES.belowMin(money(limits.min)));
        if (amount > limits.max) throw new AppError(WITHDRAW_MESSAGES.aboveMax(money(limits.max)));
        if (amount <= limits.fee) throw new AppError(WITHDRAW_MESSAGES.feeTooHigh);

        // One withdrawal at a time per wallet: the account lock orders them, so the limit, duplicate
        // and balance checks below see every earlier withdrawal.
        const account = await ledger.userAccount(q, u.id, 'cash', cur.code);
        const locked = await q.query<{ balance_minor: bigint }>('select balance_minor from ledger_accounts where id = $1 for update', [account.id]);
        if (key) {
          const again = await q.query<WithdrawRow>('select * from withdrawals where user_id = $1 and idempotency_key = $2', [u.id, key]);
          if (again.rows[0]) {
            if (again.rows[0].params_hash !== hash) throw new AppError('This request key was already used for a different request');
            return again.rows[0];
          }
        } else {
          const dup = await q.query(
            `select 1 from withdrawals where user_id = $1 and payout_account_id = $2 and amount_minor = $3 and idempotency_key is null
                and created_at > now() - make_interval(secs => $4) limit 1`,
            [u.id, payout.id, amount, DUPLICATE_WINDOW_S],
          );
          if (dup.rows.length) throw new AppError(WITHDRAW_MESSAGES.duplicate);
        }
        const today = await q.query<{ n: number; total: bigint }>(
          `select count(*)::int as n, coalesce(sum(amount_minor), 0)::bigint as total from withdrawals
            where user_id = $1 and currency_code = $2 and status <> 'failed' and created_at > date_trunc('day', now())`,
          [u.id, cur.code],
        );
        if ((today.rows[0]?.n ?? 0) >= limits.dailyCount) throw new AppError(WITHDRAW_MESSAGES.dailyCount);
        if ((today.rows[0]?.total ?? 0n) + amount > limits.dailyMax) throw new AppError(WITHDRAW_MESSAGES.dailyAmount);
        if ((locked.rows[0]?.balance_minor ?? 0n) < amount) throw new AppError(WITHDRAW_MESSAGES.insufficient);
        // The identity level's limits and the payout name (issue 15), under the same wallet lock.
        await app.kyc.checkWithdrawal(q, u.id, cur, amount, payout);

        const withdrawNo = newWithdrawNo();
        const hold = await ledger.hold(q, {
          key: key ? `withdraw:${u.id}:${key}` : `withdraw:${withdrawNo}`,
          account,
          amountMinor: amount,
          params: { payout: String(payout.id) },
          refType: 'withdrawal',
          refId: withdrawNo,
          memo: `Withdrawal to ${payout.bank_name} ${payout.account_no}`,
          actor: `user:${u.id}`,
        });
        const w = await q.query<WithdrawRow>(
          `insert into withdrawals (withdraw_no, user_id, payout_account_id, wallet_type, currency_code, amount_minor, fee_minor, hold_id, bank_name, account_no, account_name, method, idempotency_key, params_hash)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) returning *`,
          [withdrawNo, u.id, payout.id, walletType, cur.code, amount, limits.fee, hold.holdId, payout.bank_name, payout.account_no, payout.account_name, payout.method, key, hash],
        );
        await notify(q, u.id, {
          title: 'Withdrawal submitted',
          content: `Your withdrawal of ${money(amount)} to ${payout.bank_name} ${payout.account_no} is being processed.`,
          action: 'app_withdrawdetail',
          params: { withdraw_no: withdrawNo },
        });
        return w.rows[0] as WithdrawRow;
      });
      return view(created);
    },
  });
}
