import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CounterOffer } from '@giftlane/shared-sdk/ops/client';
import { Alert, App, Button, Descriptions, Image, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useNavigate, useParams } from '@giftlane/shared-sdk/router';
import { amount, ops, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';
import { ORDER_STATUS, orderStatusWords } from '@giftlane/shared-sdk/statuses';
import { DecidedOrder } from './parts/decided-order';
import { CounterOfferPanel, SendCounterOffer } from './parts/counter-offer';
import { SellerCard } from './parts/seller-card';
import { OrderCases } from './parts/order-cases';

interface Line {
  key: number;
  status: 'success' | 'failed';
  card_id?: number;
  face_value?: string;
  rate?: string;
  code?: string;
  fail_reason?: string;
  fail_note?: string;
  image_index?: number;
}
type Preview = OpsReply<'POST /ops/api/orders/:order_no/preview'>;

let keys = 0;

/**
 * One order: its photos large (zoom and rotate in the viewer), the seller's memo and codes, the
 * locked quote; a line per card with face value and a rate filled in from the catalog (the api
 * bounds it), or a fail reason with one of the photos as proof; the payout against the quote
 * before the decision is confirmed.
 */
export default function ReviewPage() {
  const { orderNo = '' } = useParams();
  const navigate = useNavigate();
  const order = useOps(() => ops().orders.get(orderNo), `order:${orderNo}`);
  const rates = useOps(() => ops().rates.list(), 'rates');
  const [lines, setLines] = useState<Line[]>([]);
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const { run, busy, notice } = useOutcome();
  // The console's dialogs (its theme, no motion), not antd's static ones (lib/prompt.tsx).
  const { modal } = App.useApp();
  const [offering, setOffering] = useState(false);
  const priceOffer = useCallback((offer: CounterOffer) => ops().orders.counterOfferPreview(orderNo, offer), [orderNo]);
  const o = order.data;

  const rateOf = (cardId: number | undefined) =>
    rates.data?.cards.find((c) => c.card_id === cardId)?.rates[o?.currency ?? 'NGN'];
  useEffect(() => {
    if (!o || lines.length) return;
    setLines([
      {
        key: ++keys,
        status: 'success',
        card_id: o.quote?.card_id ?? o.card_id ?? undefined,
        face_value: o.quote?.face_value,
        rate: o.quote?.rate,
      },
    ]);
  }, [o, lines.length]);

  const body = useMemo(
    () => ({
      lines: lines.map(({ key: _k, ...l }) =>
        l.status === 'success'
          ? {
              status: l.status,
              card_id: l.card_id,
              face_value: l.face_value ?? '',
              rate: l.rate || undefined,
              code: l.code || undefined,
            }
          : {
              status: l.status,
              fail_reason: l.fail_reason,
              fail_note: l.fail_note || undefined,
              code: l.code || undefined,
              image_index: l.image_index,
            },
      ),
      payout_note: note || undefined,
    }),
    [lines, note],
  );
  const set = (key: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const check = () => run(async () => setPreview(await ops().orders.preview(orderNo, body)));
  const decide = () =>
    run(async () => {
      const r = await ops().orders.decide(orderNo, body);
      setPreview(null);
      order.reload();
      return r.awaiting_approval
        ? `Waiting for a second operator: ${r.awaiting_approval.reason}.`
        : `Decided: ${amount(r.amount, o?.currency)} credited.`;
    });
  const refuse = () => {
    let reason = '';
    modal.confirm({
      title: 'Refuse the whole order',
      content: (
        <Input.TextArea aria-label="Reason for the seller" rows={3} onChange={(e) => (reason = e.target.value)} />
      ),
      okText: 'Refuse',
      onOk: () =>
        run(async () => {
          await ops().orders.refuse(orderNo, { reason });
          order.reload();
          return 'Refused: the seller is told the reason.';
        }),
    });
  };
  // The next order: claimed for this operator, then opened (a fresh screen for it).
  const next = (no: string) =>
    run(async () => {
      await ops().orders.claim(no);
      setLines([]);
      setNote('');
      navigate(`/ops/orders/${no}`);
    });
  const release = () =>
    run(async () => {
      await ops().orders.release(orderNo);
      navigate('/ops');
    });

  if (order.error || !o)
    return (
      <>
        <PageTitle tab={`Order ${orderNo}`}>Order {orderNo}</PageTitle>
        {order.error ? <Alert type="error" showIcon title={order.error} /> : <p>Loading…</p>}
      </>
    );
  const cardOptions = (rates.data?.cards ?? []).map((c) => ({ value: c.card_id, label: c.name }));
  const reasonOptions = Object.entries(o.fail_reasons ?? {}).map(([value, label]) => ({ value, label }));
  const waitingForSeller = o.counter_offer?.status === 'open';
  const open = o.status === ORDER_STATUS.pending && !waitingForSeller;
  return (
    <>
      <PageTitle tab={`Order ${o.order_no}`}>Order {o.order_no}</PageTitle>
      <OrderCases orderNo={o.order_no} />
      <Space wrap className="ops-gap">
        <Tag color={waitingForSeller ? 'blue' : undefined}>
          {waitingForSeller ? 'Waiting for the seller' : orderStatusWords(o.status_desc)}
        </Tag>
        {o.quote && (
          <span>
            Locked quote: <strong>{amount(o.quote.amount, o.currency)}</strong> (rate {o.quote.rate}, face{' '}
            {o.quote.face_value}, VIP {o.quote.vip_percent}%)
          </span>
        )}
      </Space>
      <div className="ops-review">
        <section aria-label="Photos" className="ops-photos">
          <Image.PreviewGroup>
            {o.images.map((src, i) => (
              <Image key={src} src={src} width="100%" alt={`Photo ${i + 1}`} />
            ))}
          </Image.PreviewGroup>
          <Descriptions column={1} size="small" layout="vertical" className="ops-gap">
            <Descriptions.Item label="Seller's memo and codes">
              <pre className="ops-memo">{o.user_memo || '—'}</pre>
            </Descriptions.Item>
          </Descriptions>
        </section>
        <section aria-label="Decision" className="ops-decision">
          {notice}
          {o.seller && <SellerCard seller={o.seller} currency={o.currency} />}
          {o.counter_offer && <CounterOfferPanel offer={o.counter_offer} />}
          {open && (
            <>
              <Table<Line>
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={lines}
                columns={[
                  {
                    title: 'Outcome',
                    render: (_, l) => (
                      <Select
                        aria-label="Outcome"
                        value={l.status}
                        style={{ width: 90 }}
                        onChange={(v) => set(l.key, { status: v })}
                        options={[
                          { value: 'success', label: 'Pay' },
                          { value: 'failed', label: 'Fail' },
                        ]}
                      />
                    ),
                  },
                  {
                    title: 'Card / reason',
                    render: (_, l) =>
                      l.status === 'success' ? (
                        <Select
                          aria-label="Card"
                          showSearch
                          optionFilterProp="label"
                          value={l.card_id}
                          style={{ width: 230 }}
                          options={cardOptions}
                          onChange={(v: number) => set(l.key, { card_id: v, rate: rateOf(v) })}
                        />
                      ) : (
                        <Space orientation="vertical">
                          <Select
                            aria-label="Fail reason"
                            placeholder="Fail reason"
                            value={l.fail_reason}
                            style={{ width: 230 }}
                            options={reasonOptions}
                            onChange={(v: string) => set(l.key, { fail_reason: v })}
                          />
                          <Input
                            aria-label="Note"
                            placeholder="Note (needed for Other)"
                            value={l.fail_note}
                            onChange={(e) => set(l.key, { fail_note: e.target.value })}
                          />
                          <Select
                            aria-label="Proof photo"
                            allowClear
                            placeholder="Proof photo"
                            value={l.image_index}
                            style={{ width: 160 }}
                            options={o.images.map((_, i) => ({ value: i, label: `Photo ${i + 1}` }))}
                            onChange={(v: number | undefined) => set(l.key, { image_index: v })}
                          />
                        </Space>
                      ),
                  },
                  {
                    title: 'Face value',
                    render: (_, l) =>
                      l.status === 'success' && (
                        <Input
                          aria-label="Face value"
                          value={l.face_value}
                          style={{ width: 90 }}
                          onChange={(e) => set(l.key, { face_value: e.target.value })}
                        />
                      ),
                  },
                  {
                    title: `Rate (${o.currency})`,
                    render: (_, l) =>
                      l.status === 'success' && (
                        <Input
                          aria-label="Rate"
                          value={l.rate}
                          style={{ width: 100 }}
                          onChange={(e) => set(l.key, { rate: e.target.value })}
                        />
                      ),
                  },
                  {
                    title: 'Code',
                    render: (_, l) => (
                      <Input
                        aria-label="Code"
                        value={l.code}
                        style={{ width: 120 }}
                        onChange={(e) => set(l.key, { code: e.target.value })}
                      />
                    ),
                  },
                  {
                    title: 'Action',
                    render: (_, l) =>
                      lines.length > 1 && (
                        <Button
                          aria-label="Remove line"
                          onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                        >
                          ×
                        </Button>
                      ),
                  },
                ]}
              />
              <Space className="ops-gap" wrap>
                <Button
                  onClick={() =>
                    setLines((ls) => [
                      ...ls,
                      { key: ++keys, status: 'success', card_id: ls[0]?.card_id, rate: rateOf(ls[0]?.card_id) },
                    ])
                  }
                >
                  Add a card
                </Button>
              </Space>
              <Input.TextArea
                aria-label="Payout note"
                placeholder="Payout note (the seller sees it)"
                rows={2}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                className="ops-gap"
              />
              <Space wrap>
                <Button type="primary" loading={busy} onClick={() => void check()}>
                  Review payout
                </Button>
                {o.quote && (
                  <Button onClick={() => setOffering(true)} title="The card is valid but worth less than quoted">
                    Send counter-offer
                  </Button>
                )}
                <Button danger onClick={refuse}>
                  Refuse order
                </Button>
                <Button onClick={() => void release()}>Release to queue</Button>
              </Space>
            </>
          )}
          {!open && !waitingForSeller && <DecidedOrder order={o} busy={busy} onNext={(no) => void next(no)} />}
        </section>
      </div>
      <SendCounterOffer
        open={offering}
        order={o}
        lines={body.lines}
        onCancel={() => setOffering(false)}
        onPrice={priceOffer}
        onSend={async (offer) => {
          const r = await ops().orders.counterOffer(orderNo, offer);
          setOffering(false);
          order.reload();
          const sent = amount(r.counter_offer?.amount, o.currency);
          await run(async () => `Counter-offer sent: ${sent}; the seller is asked to answer.`);
        }}
      />
      <Modal
        open={Boolean(preview)}
        title="Confirm the decision"
        okText={preview?.needs_approval ? 'Send for approval' : 'Confirm and credit'}
        confirmLoading={busy}
        onOk={() => void decide()}
        onCancel={() => setPreview(null)}
      >
        {preview && (
          <>
            <p>
              Payout: <strong data-testid="preview-amount">{amount(preview.amount, preview.currency)}</strong>
              {o.quote && <> against the quote of {amount(o.quote.total_amount ?? o.quote.amount, o.currency)}</>}.
            </p>
            {preview.lines && preview.lines.length > 0 && (
              <table className="ops-payout-lines" data-testid="preview-lines">
                <caption>The payout line by line</caption>
                <tbody>
                  {preview.lines.map((l) => (
                    <tr key={l.kind}>
                      <th scope="row">{l.name}</th>
                      <td>{amount(l.amount, preview.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {Number(preview.first_order_bonus ?? 0) > 0 && (
              <p data-testid="preview-first-order-bonus">
                Includes the <strong>first-order bonus</strong> of {amount(preview.first_order_bonus, preview.currency)}
                : this is the seller&apos;s first paid order, and the platform adds it (the seller&apos;s quote named it
                when it was the first order sent).
              </p>
            )}
            {preview.needs_approval && (
              <Alert type="warning" showIcon title={`${preview.needs_approval}: a second operator must approve it.`} />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
