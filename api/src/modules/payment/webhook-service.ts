// A payout provider's word on a transfer, applied to its withdrawal in one transaction with its
// audit row: settled (paid, or failed with the funds back in the wallet); a replay changes nothing;
// one that contradicts a settled withdrawal, or names none, is put in the audit log for staff.
import type { Db } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import type { Ledger } from '../ledger/ledger.js';
import { audit } from '../../shared/audit.js';
import type { Reference } from '../../shared/reference.js';
import { payoutRepo } from '../withdraw/payout-repo.js';
import { settleWithdrawal } from '../withdraw/service.js';
import type { PayoutProvider, TransferEvent } from './provider.js';

export async function applyTransferEvent(
  db: Db,
  deps: { ref: Reference; ledger: Ledger; provider: PayoutProvider },
  input: { event: TransferEvent; ip: string },
): Promise<void> {
  const { ref, ledger, provider } = deps;
  const { event: ev, ip } = input;
  await ref.warm();
  await db.tx(async (q) => {
    const w = await payoutRepo.lockByNo(q, ev.reference);
    const note = { provider: provider.name, event: ev.kind, provider_ref: ev.providerRef, reason: ev.reason };
    if (!w) {
      await audit(q, {
        staffId: null,
        action: 'withdrawal.webhook_unknown',
        targetType: 'withdrawal',
        targetId: ev.reference.slice(0, 64),
        details: note,
        ip,
      });
      return;
    }
    const outcome = ev.kind === 'success' ? 'paid' : 'failed';
    if ((w.status === 'paid' || w.status === 'failed') && w.status !== outcome) {
      // E.g. a transfer reversed after it was paid: money may be owed back; staff decide.
      await audit(q, {
        staffId: null,
        action: 'withdrawal.webhook_conflict',
        targetType: 'withdrawal',
        targetId: w.withdraw_no,
        reason: `${provider.name} says ${ev.kind}, the withdrawal is ${w.status}`,
        details: note,
        ip,
      });
      return;
    }
    const reason =
      ev.kind === 'success'
        ? undefined
        : `the bank ${ev.kind === 'reversed' ? 'reversed' : 'refused'} the ` +
          `transfer${ev.reason ? ` (${ev.reason})` : ''}`;
    try {
      const out = await settleWithdrawal(
        q,
        { ledger, ref },
        {
          withdrawNo: w.withdraw_no,
          outcome,
          reason,
          reference: ev.providerRef,
          actor: `provider:${provider.name}`,
        },
      );
      if (!out.replayed)
        await audit(q, {
          staffId: null,
          action: `withdrawal.${outcome}`,
          targetType: 'withdrawal',
          targetId: w.withdraw_no,
          reason: reason ?? '',
          details: note,
          ip,
        });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await audit(q, {
        staffId: null,
        action: 'withdrawal.webhook_refused',
        targetType: 'withdrawal',
        targetId: w.withdraw_no,
        reason: err.message,
        details: note,
        ip,
      });
    }
  });
}
