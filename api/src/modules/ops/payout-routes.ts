import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import { settleWithdrawal, withdrawStatusText, type WithdrawRow } from '../withdraw/service.js';
import { audit } from './staff.js';

export const PAYOUT_MESSAGES = {
  frozen: "This seller's withdrawals are frozen: fail this withdrawal (the funds go back to their wallet) or unfreeze the account first",
} as const;

/** Withdrawals waiting for payout, and their settlement. */
export async function payoutRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, ledger, r, tags, warm, who } = opsContext(app, opts);
  const withdrawView = async (w: WithdrawRow) => {
    const cur = await ref.currency(w.currency_code);
    return {
      withdraw_no: w.withdraw_no, user_id: w.user_id, status: w.status, status_desc: withdrawStatusText[w.status], currency: cur.code,
      amount: formatMinor(w.amount_minor, cur.decimals), fee: formatMinor(w.fee_minor, cur.decimals), payout: formatMinor(w.amount_minor - w.fee_minor, cur.decimals),
      method: w.method, bank_name: w.bank_name, account_no: w.account_no, account_name: w.account_name, created_at: w.created_at, settled_at: w.settled_at,
      fail_reason: w.fail_reason, reference: w.reference, settled_by: w.settled_by,
    };
  };

  r.get('/ops/api/withdrawals', { schema: { tags, summary: 'Open withdrawals, oldest first' } }, async (req) => {
    await who(req, ['finance']);
    const q = await db.query<WithdrawRow & { user_frozen: boolean }>(
      "select w.*, u.withdrawals_frozen_at is not null as user_frozen from withdrawals w join users u on u.id = w.user_id where w.status in ('pending', 'processing') order by w.created_at, w.id limit 100",
    );
    return ok(await Promise.all(q.rows.map(async (w) => ({ ...(await withdrawView(w)), user_frozen: w.user_frozen }))));
  });

  r.post(
    '/ops/api/withdrawals/:withdraw_no/settle',
    { schema: { tags, summary: 'paid → the hold is posted; failed → released to the wallet with the reason', params: z.object({ withdraw_no: z.string().max(64) }), body: z.object({ outcome: z.enum(['paid', 'failed']), reason: z.string().max(500).optional(), reference: z.string().max(200).optional() }) } },
    async (req) => {
      const s = await who(req, ['finance']);
      await warm();
      const res = await db.tx(async (q) => {
        if (req.body.outcome === 'paid') {
          // A frozen account is not paid out (a freeze waits on the row a freeze takes).
          const f = await q.query<{ frozen: boolean }>('select u.withdrawals_frozen_at is not null as frozen from withdrawals w join users u on u.id = w.user_id where w.withdraw_no = $1 for share of u', [req.params.withdraw_no]);
          if (f.rows[0]?.frozen) throw new AppError(PAYOUT_MESSAGES.frozen);
        }
        const out = await settleWithdrawal(q, ledger, ref, req.params.withdraw_no, req.body.outcome, { reason: req.body.reason, reference: req.body.reference, actor: `staff:${s.id}` });
        if (!out.replayed) await audit(q, { staffId: s.id, action: `withdrawal.${req.body.outcome}`, targetType: 'withdrawal', targetId: req.params.withdraw_no, reason: req.body.reason ?? '', details: { reference: req.body.reference ?? '' }, ip: req.ip });
        return out;
      });
      return ok({ ...(await withdrawView(res.withdrawal)), replayed: res.replayed });
    },
  );
}
