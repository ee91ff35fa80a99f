import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { formatMinor, moneyText, parseAmount } from '../../lib/money.js';
import type { Ledger } from '../ledger/ledger.js';
import { notify, sentenceEnd } from '../notices/service.js';
import type { Currency, Reference } from '../../shared/reference.js';
import { moneyUser, walletCurrency } from '../../shared/money-user.js';
import { audit } from './staff.js';

export interface CorrectionInput {
  user_id: number;
  wallet_type: 1 | 2;
  amount: string;
  reason: string;
}

/** A correction's user, wallet currency and signed amount, checked: asked for and carried out alike. */
export async function correctionOf(
  q: Queryable,
  ref: Reference,
  b: CorrectionInput,
): Promise<{ userId: number; cur: Currency; amount: bigint }> {
  const u = await moneyUser(q, { ref }, b.user_id);
  const cur = walletCurrency(u, b.wallet_type);
  const neg = b.amount.trim().startsWith('-');
  const parsed = parseAmount(b.amount.trim().replace(/^[-+]/, ''), cur.decimals);
  if (!parsed.ok || parsed.minor === 0n)
    throw new AppError('amount must be a non-zero amount with the currency’s decimals');
  return { userId: u.id, cur, amount: neg ? -parsed.minor : parsed.minor };
}

/**
 * Carries out an approved correction: one journal between the user's cash wallet and the platform's
 * corrections account, keyed by the request's key (so it is written once), audited with both
 * admins, and a notice to the user.
 */
export async function applyCorrection(
  q: Queryable,
  deps: { ledger: Ledger; ref: Reference },
  a: { key: string; input: CorrectionInput; requestedBy: number; approvedBy: number; ip: string },
): Promise<{ journalId: bigint; replayed: boolean }> {
  const { userId, cur, amount } = await correctionOf(q, deps.ref, a.input);
  const user = await deps.ledger.userAccount(q, { userId, kind: 'cash', currency: cur.code });
  const t = await deps.ledger.transfer(q, {
    key: `correction:${a.key}`,
    kind: 'correction',
    legs: [
      { account: user, amountMinor: amount },
      { account: await deps.ledger.platformAccount(q, 'corrections', cur.code), amountMinor: -amount },
    ],
    params: { reason: a.input.reason },
    refType: 'user',
    refId: String(userId),
    memo: a.input.reason,
    actor: `staff:${a.requestedBy}+staff:${a.approvedBy}`,
  });
  if (!t.replayed) {
    await audit(q, {
      staffId: a.approvedBy,
      action: 'ledger.correction',
      targetType: 'user',
      targetId: String(userId),
      reason: a.input.reason,
      details: {
        amount: formatMinor(amount, cur.decimals),
        currency: cur.code,
        journal: t.journalId,
        requested_by: a.requestedBy,
        approved_by: a.approvedBy,
      },
      ip: a.ip,
    });
    await notify(q, {
      userId,
      alert: true,
      title: 'Balance corrected',
      content:
        `Your ${cur.code} wallet was ${amount > 0n ? 'credited' : 'debited'} ` +
        `${moneyText(amount < 0n ? -amount : amount, cur)}: ${sentenceEnd(a.input.reason)}`,
      action: 'app_wallet',
    });
  }
  return t;
}
