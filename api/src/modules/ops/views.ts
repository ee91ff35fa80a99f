// How the operator replies show the rows they are made of: amounts as decimal strings of their
// currency (the console formats them), photos as signed links. The shapes are the contract's
// (shared-sdk/src/ops/replies.ts).
import { formatMinor } from '../../lib/money.js';
import { statusDesc, type OrderRow } from '../order/service.js';
import type { OrderLineRow } from '../order/repo.js';
import { withdrawStatusText, type WithdrawRow } from '../withdraw/service.js';
import type { OpsDeps } from './context.js';

export async function orderView(deps: OpsDeps, o: OrderRow) {
  const cur = await deps.ref.currency(o.currency_code);
  return {
    order_no: o.order_no,
    user_id: o.user_id,
    status: o.status,
    status_desc: statusDesc(o),
    currency: cur.code,
    wallet_type: o.wallet_type,
    images: o.images.map(deps.view),
    user_memo: o.user_memo,
    card_id: o.card_id,
    card_form: o.card_form,
    quote: o.quote?.view ?? null,
    amount: formatMinor(o.amount_minor, cur.decimals),
    claimed_by: o.claimed_by,
    created_at: o.created_at,
    finished_at: o.finished_at,
    refused_reason: o.refused_reason,
    payout_note: o.payout_note,
  };
}

/** An order's card lines with their outcomes, and what each paid in the order's currency. */
export async function linesView(deps: OpsDeps, o: Pick<OrderRow, 'currency_code'>, lines: OrderLineRow[]) {
  const cur = await deps.ref.currency(o.currency_code);
  return lines.map((l) => ({
    seq: l.seq,
    card_id: l.card_id,
    card_name: l.card_name,
    code: l.code,
    face_minor: String(l.face_minor),
    rate_minor: String(l.rate_minor),
    amount_minor: String(l.amount_minor),
    amount: formatMinor(l.amount_minor, cur.decimals),
    status: l.status,
    fail_reason: l.fail_reason,
    proof_image: deps.view(l.proof_image ?? ''),
  }));
}

export async function withdrawView(deps: OpsDeps, w: WithdrawRow) {
  const cur = await deps.ref.currency(w.currency_code);
  return {
    withdraw_no: w.withdraw_no,
    user_id: w.user_id,
    status: w.status,
    status_desc: withdrawStatusText[w.status],
    currency: cur.code,
    amount: formatMinor(w.amount_minor, cur.decimals),
    fee: formatMinor(w.fee_minor, cur.decimals),
    payout: formatMinor(w.amount_minor - w.fee_minor, cur.decimals),
    method: w.method,
    bank_name: w.bank_name,
    account_no: w.account_no,
    account_name: w.account_name,
    created_at: w.created_at,
    settled_at: w.settled_at,
    fail_reason: w.fail_reason,
    reference: w.reference,
    settled_by: w.settled_by,
    payout_channel: w.payout_channel,
    provider_ref: w.provider_ref,
    sent_at: w.sent_at,
    sent_by: w.sent_by,
  };
}
