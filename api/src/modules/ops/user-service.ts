// Support's view of a seller: find them by e-mail, number, id, order or withdrawal number; their
// profile, balances, ledger entries, orders, withdrawals, payout accounts, sessions and security
// events (every look on record); freeze their withdrawals with a reason they are shown in the app,
// lift a freeze, end the cooling-off (of a security change and of new payout accounts).
import { AppError } from '../../lib/envelope.js';
import { normalizeRef } from '@giftlane/shared-sdk/request-id';
import { formatMinor } from '../../lib/money.js';
import { notify } from '../notices/service.js';
import { accountLinks, LINK_LABELS } from '../referral/links.js';
import { STAFF_FREEZE } from '../security/service.js';
import type { Db } from '../../db/db.js';
import type { RequestRefs } from '../request-refs/service.js';
import type { OpsDeps } from './context.js';
import type { Actor } from './route.js';
import { audit } from './staff.js';
import { supportRepo } from './user-repo.js';

export const USER_MESSAGES = {
  notFound: 'User not found',
  query:
    'Search by e-mail, WhatsApp or phone number, user id, order number (GC…), withdrawal number or an error reference',
  ref: 'An error reference is six letters and digits, e.g. 7F3K2Q',
  frozen: 'Withdrawals are already frozen for this user',
  notFrozen: 'This user has no withdrawal freeze',
} as const;

export const findUsers = (db: Db, term: string) => supportRepo.find(db, term, normalizeRef(term));

/**
 * The reference a seller read out ("Reference: 7F3K2Q"): which requests failed with it, whose, when
 * and how; the request id finds the api's log lines.
 */
export async function failedRequests(requestRefs: RequestRefs, term: string) {
  const ref = normalizeRef(term);
  if (!ref) throw new AppError(USER_MESSAGES.ref);
  const rows = await requestRefs.find(ref);
  return rows.map((x) => ({
    ref: x.ref,
    request_id: x.request_id,
    user_id: x.user_id,
    username: x.username,
    method: x.method,
    path: x.path,
    status: x.status,
    code: x.code,
    msg: x.msg,
    created_at: x.created_at,
  }));
}

export async function userDetail(db: Db, deps: OpsDeps, input: { staff: Actor; id: number }) {
  const { staff, id } = input;
  const { ref } = deps;
  const money = async (minor: bigint, code: string) => formatMinor(minor, (await ref.currency(code)).decimals);
  const profile = await supportRepo.profile(db, id);
  if (!profile) throw new AppError(USER_MESSAGES.notFound);
  // A seller's profile (contacts, verified name, sessions) is personal data: every look is on record.
  await audit(db, { staffId: staff.id, action: 'user.view', targetType: 'user', targetId: String(id), ip: staff.ip });
  const [{ accounts, entries, orders, withdrawals, sessions, security }, payoutAccounts] = await Promise.all([
    supportRepo.activity(db, id),
    supportRepo.payoutAccounts(db, id),
  ]);
  return {
    profile,
    balances: await Promise.all(
      accounts.map(async (a) => ({
        wallet: a.kind,
        currency: a.currency_code,
        balance: await money(a.balance_minor, a.currency_code),
      })),
    ),
    ledger: await Promise.all(
      entries.map(async (e) => ({
        id: Number(e.id),
        kind: e.kind,
        memo: e.memo,
        actor: e.actor,
        wallet: e.account,
        currency: e.currency_code,
        amount: await money(e.amount_minor, e.currency_code),
        balance_after: await money(e.balance_after_minor, e.currency_code),
        created_at: e.created_at,
      })),
    ),
    orders: await Promise.all(
      orders.map(async (o) => ({
        order_no: o.order_no,
        status: o.status,
        currency: o.currency_code,
        amount: await money(o.amount_minor, o.currency_code),
        quote: o.quote_total_minor === null ? null : await money(o.quote_total_minor, o.currency_code),
        created_at: o.created_at,
        finished_at: o.finished_at,
      })),
    ),
    withdrawals: await Promise.all(
      withdrawals.map(async (w) => ({
        withdraw_no: w.withdraw_no,
        status: w.status,
        currency: w.currency_code,
        amount: await money(w.amount_minor, w.currency_code),
        method: w.method,
        account_no: w.account_no,
        created_at: w.created_at,
        settled_at: w.settled_at,
        fail_reason: w.fail_reason,
      })),
    ),
    payout_accounts: payoutAccounts.map((p) => ({ ...p, id: Number(p.id) })),
    sessions,
    security_events: security,
  };
}

/** Accounts likely of the same person: a referral between them earns nothing. */
export async function userLinks(db: Db, input: { staff: Actor; id: number }) {
  const { staff, id } = input;
  if (!(await supportRepo.profile(db, id))) throw new AppError(USER_MESSAGES.notFound);
  await audit(db, {
    staffId: staff.id,
    action: 'user.links',
    targetType: 'user',
    targetId: String(id),
    ip: staff.ip,
  });
  const links = await accountLinks.of(db, id);
  return links.map((l) => ({ ...l, label: LINK_LABELS[l.link] }));
}

/** Freezes a seller's withdrawals with a reason they are shown in the app. */
export async function freeze(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  await db.tx(async (q) => {
    const u = await supportRepo.lockFreeze(q, id);
    if (!u) throw new AppError(USER_MESSAGES.notFound);
    if (u.frozen) throw new AppError(USER_MESSAGES.frozen);
    await supportRepo.freeze(q, id, `${STAFF_FREEZE}${reason}`);
    await notify(q, {
      userId: id,
      title: 'Withdrawals frozen',
      content:
        `Our support team froze withdrawals on your account: ${reason.replace(/[.\s]+$/, '')}. Contact ` +
        `support to unfreeze them.`,
      kind: 'system',
      action: 'app_wallet',
      security: true,
    });
    await audit(q, {
      staffId: staff.id,
      action: 'user.freeze',
      targetType: 'user',
      targetId: String(id),
      reason,
      ip: staff.ip,
    });
  });
  return null;
}

/** Lifts a withdrawal freeze, set by "this wasn't me" or by staff. */
export async function unfreeze(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  await db.tx(async (q) => {
    if (!(await supportRepo.unfreeze(q, id))) throw new AppError(USER_MESSAGES.notFrozen);
    await audit(q, {
      staffId: staff.id,
      action: 'user.unfreeze',
      targetType: 'user',
      targetId: String(id),
      reason,
      ip: staff.ip,
    });
  });
  return null;
}

/** Ends the cooling-off after a security change and the wait of new payout accounts. */
export async function endCoolingOff(db: Db, deps: OpsDeps, input: { staff: Actor; id: number; reason: string }) {
  const { staff, id, reason } = input;
  await db.tx(async (q) => {
    if (!(await supportRepo.endCoolingOff(q, id))) throw new AppError(USER_MESSAGES.notFound);
    await audit(q, {
      staffId: staff.id,
      action: 'user.end_hold',
      targetType: 'user',
      targetId: String(id),
      reason,
      ip: staff.ip,
    });
  });
  return null;
}
