// Withdrawals waiting for payout, and finance's actions on them: send through the provider, export
// for a bank upload, settle. Each change is one transaction with its audit row.
import { AppError } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import { payoutRepo } from '../withdraw/payout-repo.js';
import { SETTLE_MESSAGES, settleWithdrawal } from '../withdraw/service.js';
import type { Db } from '../../db/db.js';
import type { OpsDeps } from './context.js';
import { OpsFile, type Actor } from './route.js';
import { audit } from './staff.js';
import { withdrawView } from './views.js';

export const PAYOUT_MESSAGES = {
  frozen:
    "This seller's withdrawals are frozen: fail this withdrawal (the funds go back to their wallet) or unfreeze the " +
    'account first',
  unverified:
    'This seller has not verified their identity (the withdrawal dates from before verification was required): fail ' +
    'it (the funds go back to their wallet) or wait until they verify',
  noProvider:
    'No payout provider that can send transfers is configured: export the withdrawals for a bank upload, or pay by ' +
    'hand and settle them',
  notPending: 'Only a pending withdrawal can be sent or exported (this one is already on its way or settled)',
  usdt: 'USDT withdrawals are paid on chain by hand: settle them with the transaction hash',
} as const;

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
const csvCell = (v: string) => {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The countries where withdrawing needs a verified identity. */
const gated = (deps: OpsDeps) => Object.keys(deps.kyc.tiers);

export async function openWithdrawals(db: Db, deps: OpsDeps) {
  const open = await payoutRepo.open(db, gated(deps));
  return Promise.all(
    open.map(async (w) => ({
      ...(await withdrawView(deps, w)),
      user_frozen: w.user_frozen,
      user_unverified: w.user_unverified,
    })),
  );
}

/** Sends a pending withdrawal through the payout provider: processing until its webhook settles it. */
export async function sendWithdrawal(db: Db, deps: OpsDeps, input: { staff: Actor; withdrawNo: string }) {
  const { staff, withdrawNo } = input;
  const { ref, ledger, provider } = deps;
  if (!provider?.sendTransfer) throw new AppError(PAYOUT_MESSAGES.noProvider);
  await deps.warm();
  const claimed = await db.tx(async (q) => {
    const w = await payoutRepo.lockForSend(q, withdrawNo, gated(deps));
    if (!w) throw new AppError(SETTLE_MESSAGES.notFound);
    // Only from pending, once: a transfer whose answer never came stays processing until the
    // provider's webhook (or staff, after checking the provider's dashboard) settles it.
    if (w.status !== 'pending') throw new AppError(PAYOUT_MESSAGES.notPending);
    if (w.method === 'USDT') throw new AppError(PAYOUT_MESSAGES.usdt);
    if (w.frozen) throw new AppError(PAYOUT_MESSAGES.frozen);
    if (w.unverified) throw new AppError(PAYOUT_MESSAGES.unverified);
    await payoutRepo.markSending(q, w.id, provider.name, `staff:${staff.id}`);
    await audit(q, {
      staffId: staff.id,
      action: 'withdrawal.send',
      targetType: 'withdrawal',
      targetId: w.withdraw_no,
      details: { provider: provider.name },
      ip: staff.ip,
    });
    return w;
  });
  const cur = await ref.currency(claimed.currency_code);
  const sent = await provider.sendTransfer({
    reference: claimed.withdraw_no,
    amountMinor: claimed.amount_minor - claimed.fee_minor,
    currency: cur.code,
    method: claimed.method as 'BANK' | 'MOMO',
    bankCode: claimed.bank_code,
    accountNo: claimed.account_no,
    accountName: claimed.account_name,
    narration: `GiftLane withdrawal ${claimed.withdraw_no}`,
  });
  const row = await db.tx(async (q) => {
    if (sent.ok) {
      await payoutRepo.setProviderRef(q, claimed.id, sent.providerRef || 'accepted');
      if (sent.status === 'success') {
        const out = await settleWithdrawal(
          q,
          { ledger, ref },
          {
            withdrawNo: claimed.withdraw_no,
            outcome: 'paid',
            reference: sent.providerRef,
            actor: `provider:${provider.name}`,
          },
        );
        return out.withdrawal;
      }
    } else if (!sent.unknown) {
      // Refused: nothing went out; the withdrawal is pending again for another way.
      await payoutRepo.sendRefused(q, claimed.id);
    }
    await audit(q, {
      staffId: staff.id,
      action: sent.ok ? 'withdrawal.sent' : sent.unknown ? 'withdrawal.send_unknown' : 'withdrawal.send_refused',
      targetType: 'withdrawal',
      targetId: claimed.withdraw_no,
      reason: sent.ok ? '' : sent.reason,
      details: sent.ok ? { provider_ref: sent.providerRef, status: sent.status } : {},
      ip: staff.ip,
    });
    return payoutRepo.byId(q, claimed.id);
  });
  if (!sent.ok && !sent.unknown) throw new AppError(sent.reason);
  return { ...(await withdrawView(deps, row)), ...(sent.ok ? {} : { note: sent.reason }) };
}

/**
 * Pending bank or mobile-money withdrawals as CSV for a bank's bulk upload; they become processing, so never exported
 * twice.
 */
export async function exportWithdrawals(
  db: Db,
  deps: OpsDeps,
  input: { staff: Actor; currency: 'NGN' | 'GHS'; method: 'BANK' | 'MOMO' },
): Promise<OpsFile> {
  const { staff } = input;
  const cur = await deps.ref.currency(input.currency);
  const rows = await db.tx(async (q) => {
    const taken = await payoutRepo.takeForExport(q, cur.code, input.method, gated(deps), `staff:${staff.id}`);
    if (taken.length) {
      await audit(q, {
        staffId: staff.id,
        action: 'withdrawal.export',
        targetType: 'withdrawals',
        targetId: `${cur.code}:${input.method}`,
        details: { count: taken.length, withdrawals: taken.map((w) => w.withdraw_no) },
        ip: staff.ip,
      });
    }
    return taken;
  });
  const header = [
    'reference',
    'bank_code',
    'bank_name',
    'account_number',
    'account_name',
    'amount',
    'currency',
    'narration',
    'requested_at',
  ];
  const lines = rows.map((w) =>
    [
      w.withdraw_no,
      w.bank_code,
      w.bank_name,
      w.account_no,
      w.account_name,
      formatMinor(w.amount_minor - w.fee_minor, cur.decimals),
      cur.code,
      `GiftLane withdrawal ${w.withdraw_no}`,
      w.created_at.toISOString(),
    ]
      .map(csvCell)
      .join(','),
  );
  const name = `payouts-${cur.code}-${input.method}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
  return new OpsFile(name, 'text/csv; charset=utf-8', [header.join(','), ...lines].join('\r\n') + '\r\n');
}

/** paid → the hold is posted; failed → released to the wallet with the reason. */
export async function settle(
  db: Db,
  deps: OpsDeps,
  input: { staff: Actor; withdrawNo: string; outcome: 'paid' | 'failed'; reason?: string; reference?: string },
) {
  const { staff, withdrawNo } = input;
  await deps.warm();
  const res = await db.tx(async (q) => {
    if (input.outcome === 'paid') {
      // A frozen account is not paid out (a freeze waits on the row a freeze takes).
      const f = await payoutRepo.sellerForSettle(q, withdrawNo, gated(deps));
      if (f?.frozen) throw new AppError(PAYOUT_MESSAGES.frozen);
      // No naira or cedi leaves for an unverified account, whenever its withdrawal was made.
      if (f?.unverified) throw new AppError(PAYOUT_MESSAGES.unverified);
    }
    const out = await settleWithdrawal(q, deps, {
      withdrawNo,
      outcome: input.outcome,
      reason: input.reason,
      reference: input.reference,
      actor: `staff:${staff.id}`,
    });
    if (!out.replayed) {
      await audit(q, {
        staffId: staff.id,
        action: `withdrawal.${input.outcome}`,
        targetType: 'withdrawal',
        targetId: withdrawNo,
        reason: input.reason ?? '',
        details: { reference: input.reference ?? '' },
        ip: staff.ip,
      });
    }
    return out;
  });
  return { ...(await withdrawView(deps, res.withdrawal)), replayed: res.replayed };
}
