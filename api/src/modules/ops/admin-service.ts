// Admin's actions: wallet corrections (asked for here, carried out by a second admin's approval),
// coupons, the audit log, the ledger check and the platform's balances.
import { isDatabaseUnavailable, type Db } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor, parseAmount } from '../../lib/money.js';
import { couponRepo } from '../coupon/repo.js';
import { grantCoupon } from '../coupon/service.js';
import { checkLedger } from '../ledger/check.js';
import { notify } from '../notices/service.js';
import type { OpsDeps } from './context.js';
import { correctionOf } from './corrections.js';
import { approvalView, requestApproval } from './four-eyes.js';
import { opsRepo, type AuditFilter } from './repo.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';

export interface CorrectionRequest {
  user_id: number;
  wallet_type: 1 | 2;
  amount: string;
  reason: string;
  idempotency_key: string;
}

/** Asks for a wallet correction; a second admin's approval writes the journal. */
export async function requestCorrection(db: Db, deps: OpsDeps, input: CorrectionRequest & { staff: Actor }) {
  const { staff, ...b } = input;
  const { ref } = deps;
  const c = await correctionOf(db, ref, b);
  const out = await db.tx(async (q) => {
    const a = await requestApproval(q, {
      kind: 'correction',
      targetId: b.idempotency_key,
      staffId: staff.id,
      payload: { user_id: b.user_id, wallet_type: b.wallet_type, amount: b.amount.trim(), reason: b.reason },
      amountMinor: c.amount < 0n ? -c.amount : c.amount,
      currency: c.cur.code,
      reason: 'Corrections always need a second admin',
    });
    if (!a.replay) {
      await audit(q, {
        staffId: staff.id,
        action: 'ledger.correction.requested',
        targetType: 'user',
        targetId: String(c.userId),
        reason: b.reason,
        details: { approval_id: a.row.id, amount: formatMinor(c.amount, c.cur.decimals), currency: c.cur.code },
        ip: staff.ip,
      });
    }
    return a;
  });
  return { approval: await approvalView(out.row, (code) => ref.currency(code)), replayed: out.replay };
}

export async function coupons(db: Db, deps: OpsDeps) {
  const rows = await couponRepo.summaries(db);
  return Promise.all(
    rows.map(async (c) => {
      const d = c.currency_code ? (await deps.ref.currency(c.currency_code)).decimals : 2;
      const kind = c.discount_type === 1 ? 'percent' : c.type === 2 ? 'rate_add' : 'fixed';
      return {
        code: c.code,
        name: c.name,
        kind,
        value: kind === 'percent' ? formatMinor(BigInt(c.percent_bp ?? 0), 2) : formatMinor(c.amount_minor ?? 0n, d),
        currency: c.currency_code,
        wallet_type: c.wallet_type,
        minimum: formatMinor(c.enough_minor, d),
        valid_from: c.valid_start,
        valid_until: c.valid_end,
        max_use: c.max_use,
        grant_on_signup: c.grant_on === 'signup',
        active: c.active,
        holders: c.holders,
        uses: c.uses,
      };
    }),
  );
}

export interface NewCoupon {
  code: string;
  name: string;
  kind: 'percent' | 'fixed' | 'rate_add';
  /** percent: the boost in percent ("2.5"); fixed and rate_add: an amount in the coupon currency. */
  value: string;
  currency?: string;
  wallet_type: 1 | 2;
  minimum: string;
  valid_from?: string;
  valid_until: string;
  max_use: number;
  grant_on_signup: boolean;
}

export async function createCoupon(db: Db, deps: OpsDeps, input: NewCoupon & { staff: Actor }) {
  const { staff, ...b } = input;
  const { ref } = deps;
  const code = b.code.toUpperCase();
  // An unknown currency is refused; a database that cannot answer is "busy", not "unknown".
  const cur = b.currency
    ? await ref.currency(b.currency.toUpperCase()).catch((e: unknown) => {
        if (isDatabaseUnavailable(e)) throw e;
        return null;
      })
    : null;
  if (b.currency && !cur) throw new AppError('currency is not one we pay in');
  if (b.kind !== 'percent' && !cur) throw new AppError('A fixed or rate-add coupon needs its currency');
  let percentBp: number | null = null;
  let amount: bigint | null = null;
  if (b.kind === 'percent') {
    const p = parseAmount(b.value, 2);
    if (!p.ok || p.minor <= 0n || p.minor > 5000n)
      throw new AppError('value: a percent above 0 and at most 50, with at most 2 decimals');
    percentBp = Number(p.minor);
  } else {
    const p = parseAmount(b.value, cur!.decimals);
    if (!p.ok || p.minor <= 0n) throw new AppError('value must be an amount above 0 in the coupon currency');
    amount = p.minor;
  }
  const min = parseAmount(b.minimum, cur?.decimals ?? 2);
  if (!min.ok) throw new AppError('minimum must be an amount in the coupon currency');
  if (!cur && min.minor > 0n) throw new AppError('A minimum needs the coupon currency');
  const from = b.valid_from ? new Date(b.valid_from) : new Date();
  const until = new Date(b.valid_until);
  if (until <= from) throw new AppError('valid_until must be after valid_from');
  const id = await db.tx(async (q) => {
    if (await couponRepo.exists(q, code)) throw new AppError('A coupon with this code already exists');
    const couponId = await couponRepo.create(q, {
      code,
      name: b.name,
      discountType: b.kind === 'percent' ? 1 : 2,
      type: b.kind === 'rate_add' ? 2 : 1,
      percentBp,
      amountMinor: amount,
      currency: cur?.code ?? null,
      walletType: b.wallet_type,
      enoughMinor: min.minor,
      validFrom: from,
      validUntil: until,
      maxUse: b.max_use,
      grantOn: b.grant_on_signup ? 'signup' : null,
    });
    await audit(q, {
      staffId: staff.id,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: code,
      details: { ...b, code },
      ip: staff.ip,
    });
    return couponId;
  });
  return { coupon_id: id, code };
}

/** Grants a coupon to users; one who holds it already is skipped. */
export async function grantCouponTo(db: Db, input: { staff: Actor; code: string; user_ids: number[]; reason: string }) {
  const { staff } = input;
  const code = input.code.toUpperCase();
  const coupon = await couponRepo.byCode(db, code);
  if (!coupon) throw new AppError('Coupon not found');
  if (!coupon.active || coupon.valid_end <= new Date()) throw new AppError('This coupon has ended');
  const granted = await db.tx(async (q) => {
    let n = 0;
    for (const userId of await couponRepo.activeUsers(q, input.user_ids)) {
      if (!(await grantCoupon(q, { userId, couponId: coupon.id, by: `staff:${staff.id}` }))) continue;
      n += 1;
      await notify(q, {
        userId,
        title: 'You have a new coupon',
        content: `${coupon.name}. Use code ${code} when you sell a card.`,
        action: 'app_coupon',
      });
    }
    await audit(q, {
      staffId: staff.id,
      action: 'coupon.grant',
      targetType: 'coupon',
      targetId: code,
      reason: input.reason,
      details: { user_ids: input.user_ids, granted: n },
      ip: staff.ip,
    });
    return n;
  });
  return { granted };
}

export const auditLog = (db: Db, f: AuditFilter) => opsRepo.auditLog(db, f);

/** Users' accounts keep running balances; the platform's are the sums of their postings. */
export async function ledgerBalances(db: Db, deps: OpsDeps) {
  const rows = await opsRepo.ledgerTotals(db);
  return Promise.all(
    rows.map(async (x) => ({
      account: x.kind,
      currency: x.currency_code,
      balance: formatMinor(BigInt(x.balance), (await deps.ref.currency(x.currency_code)).decimals),
      accounts: x.accounts,
    })),
  );
}

export async function ledgerCheck(db: Db) {
  const breaches = await checkLedger(db);
  return { ok: breaches.length === 0, breaches };
}
