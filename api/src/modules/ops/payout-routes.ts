import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { opsContext, type OpsOptions } from './context.js';
import { AppError, ok } from '../../lib/envelope.js';
import { formatMinor } from '../../lib/money.js';
import type { WithdrawRow } from '../withdraw/repo.js';
import { SETTLE_MESSAGES, settleWithdrawal, withdrawStatusText } from '../withdraw/service.js';
import { audit } from './staff.js';
import { payoutRepo } from '../withdraw/payout-repo.js';

export const PAYOUT_MESSAGES = {
  frozen: "This seller's withdrawals are frozen: fail this withdrawal (the funds go back to their wallet) or unfreeze the account first",
  unverified: "This seller has not verified their identity (the withdrawal dates from before verification was required): fail it (the funds go back to their wallet) or wait until they verify",
  noProvider: 'No payout provider that can send transfers is configured: export the withdrawals for a bank upload, or pay by hand and settle them',
  notPending: 'Only a pending withdrawal can be sent or exported (this one is already on its way or settled)',
  usdt: 'USDT withdrawals are paid on chain by hand: settle them with the transaction hash',
} as const;

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
const csvCell = (v: string) => {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Withdrawals waiting for payout, and their settlement. */
export async function payoutRoutes(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const { db, ref, ledger, r, tags, warm, who } = opsContext(app, opts);
  /** The countries where withdrawing needs a verified identity. */
  const gated = () => Object.keys(app.kyc.tiers);
  const withdrawView = async (w: WithdrawRow) => {
    const cur = await ref.currency(w.currency_code);
    return {
      withdraw_no: w.withdraw_no, user_id: w.user_id, status: w.status, status_desc: withdrawStatusText[w.status], currency: cur.code,
      amount: formatMinor(w.amount_minor, cur.decimals), fee: formatMinor(w.fee_minor, cur.decimals), payout: formatMinor(w.amount_minor - w.fee_minor, cur.decimals),
      method: w.method, bank_name: w.bank_name, account_no: w.account_no, account_name: w.account_name, created_at: w.created_at, settled_at: w.settled_at,
      fail_reason: w.fail_reason, reference: w.reference, settled_by: w.settled_by, payout_channel: w.payout_channel, provider_ref: w.provider_ref, sent_at: w.sent_at, sent_by: w.sent_by,
    };
  };

  r.get('/ops/api/withdrawals', { schema: { tags, summary: 'Open withdrawals, oldest first' } }, async (req) => {
    await who(req, ['finance']);
    const open = await payoutRepo.open(db, gated());
    return ok(await Promise.all(open.map(async (w) => ({ ...(await withdrawView(w)), user_frozen: w.user_frozen, user_unverified: w.user_unverified }))));
  });

  r.post(
    '/ops/api/withdrawals/:withdraw_no/send',
    { schema: { tags, summary: 'Send a pending withdrawal through the payout provider (finance): it is then processing until the provider’s webhook settles it', params: z.object({ withdraw_no: z.string().max(64) }) } },
    async (req) => {
      const s = await who(req, ['finance']);
      const provider = opts.provider;
      if (!provider?.sendTransfer) throw new AppError(PAYOUT_MESSAGES.noProvider);
      await warm();
      const claimed = await db.tx(async (q) => {
        const w = await payoutRepo.lockForSend(q, req.params.withdraw_no, gated());
        if (!w) throw new AppError(SETTLE_MESSAGES.notFound);
        // Only from pending, once: a transfer whose answer never came stays processing until the
        // provider's webhook (or staff, after checking the provider's dashboard) settles it.
        if (w.status !== 'pending') throw new AppError(PAYOUT_MESSAGES.notPending);
        if (w.method === 'USDT') throw new AppError(PAYOUT_MESSAGES.usdt);
        if (w.frozen) throw new AppError(PAYOUT_MESSAGES.frozen);
        if (w.unverified) throw new AppError(PAYOUT_MESSAGES.unverified);
        await payoutRepo.markSending(q, w.id, provider.name, `staff:${s.id}`);
        await audit(q, { staffId: s.id, action: 'withdrawal.send', targetType: 'withdrawal', targetId: w.withdraw_no, details: { provider: provider.name }, ip: req.ip });
        return w;
      });
      const cur = await ref.currency(claimed.currency_code);
      const sent = await provider.sendTransfer({
        reference: claimed.withdraw_no, amountMinor: claimed.amount_minor - claimed.fee_minor, currency: cur.code, method: claimed.method as 'BANK' | 'MOMO',
        bankCode: claimed.bank_code, accountNo: claimed.account_no, accountName: claimed.account_name, narration: `GiftLane withdrawal ${claimed.withdraw_no}`,
      });
      const row = await db.tx(async (q) => {
        if (sent.ok) {
          await payoutRepo.setProviderRef(q, claimed.id, sent.providerRef || 'accepted');
          if (sent.status === 'success') {
            const out = await settleWithdrawal(q, ledger, ref, claimed.withdraw_no, 'paid', { reference: sent.providerRef, actor: `provider:${provider.name}` });
            return out.withdrawal;
          }
        } else if (!sent.unknown) {
          // Refused: nothing went out; the withdrawal is pending again for another way.
          await payoutRepo.sendRefused(q, claimed.id);
        }
        await audit(q, { staffId: s.id, action: sent.ok ? 'withdrawal.sent' : sent.unknown ? 'withdrawal.send_unknown' : 'withdrawal.send_refused', targetType: 'withdrawal', targetId: claimed.withdraw_no, reason: sent.ok ? '' : sent.reason, details: sent.ok ? { provider_ref: sent.providerRef, status: sent.status } : {}, ip: req.ip });
        return payoutRepo.byId(q, claimed.id);
      });
      if (!sent.ok && !sent.unknown) throw new AppError(sent.reason);
      return ok({ ...(await withdrawView(row)), ...(sent.ok ? {} : { note: sent.reason }) });
    },
  );

  r.post(
    '/ops/api/withdrawals/export',
    { schema: { tags, summary: 'Export pending bank or mobile-money withdrawals as CSV for a bank’s bulk upload (finance); they become processing, so they are never exported twice', body: z.object({ currency: z.enum(['NGN', 'GHS']), method: z.enum(['BANK', 'MOMO']) }) } },
    async (req, reply) => {
      const s = await who(req, ['finance']);
      const cur = await ref.currency(req.body.currency);
      const rows = await db.tx(async (q) => {
        const taken = await payoutRepo.takeForExport(q, cur.code, req.body.method, gated(), `staff:${s.id}`);
        if (taken.length) {
          await audit(q, { staffId: s.id, action: 'withdrawal.export', targetType: 'withdrawals', targetId: `${cur.code}:${req.body.method}`, details: { count: taken.length, withdrawals: taken.map((w) => w.withdraw_no) }, ip: req.ip });
        }
        return taken;
      });
      const header = ['reference', 'bank_code', 'bank_name', 'account_number', 'account_name', 'amount', 'currency', 'narration', 'requested_at'];
      const lines = rows.map((w) =>
        [w.withdraw_no, w.bank_code, w.bank_name, w.account_no, w.account_name, formatMinor(w.amount_minor - w.fee_minor, cur.decimals), cur.code, `GiftLane withdrawal ${w.withdraw_no}`, w.created_at.toISOString()].map(csvCell).join(','),
      );
      const name = `payouts-${cur.code}-${req.body.method}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send([header.join(','), ...lines].join('\r\n') + '\r\n');
    },
  );

  r.post(
    '/ops/api/withdrawals/:withdraw_no/settle',
    { schema: { tags, summary: 'paid → the hold is posted; failed → released to the wallet with the reason', params: z.object({ withdraw_no: z.string().max(64) }), body: z.object({ outcome: z.enum(['paid', 'failed']), reason: z.string().max(500).optional(), reference: z.string().max(200).optional() }) } },
    async (req) => {
      const s = await who(req, ['finance']);
      await warm();
      const res = await db.tx(async (q) => {
        if (req.body.outcome === 'paid') {
          // A frozen account is not paid out (a freeze waits on the row a freeze takes).
          const f = await payoutRepo.sellerForSettle(q, req.params.withdraw_no, gated());
          if (f?.frozen) throw new AppError(PAYOUT_MESSAGES.frozen);
          // No naira or cedi leaves for an unverified account, whenever its withdrawal was made (issue 15).
          if (f?.unverified) throw new AppError(PAYOUT_MESSAGES.unverified);
        }
        const out = await settleWithdrawal(q, ledger, ref, req.params.withdraw_no, req.body.outcome, { reason: req.body.reason, reference: req.body.reference, actor: `staff:${s.id}` });
        if (!out.replayed) await audit(q, { staffId: s.id, action: `withdrawal.${req.body.outcome}`, targetType: 'withdrawal', targetId: req.params.withdraw_no, reason: req.body.reason ?? '', details: { reference: req.body.reference ?? '' }, ip: req.ip });
        return out;
      });
      return ok({ ...(await withdrawView(res.withdrawal)), replayed: res.replayed });
    },
  );
}
