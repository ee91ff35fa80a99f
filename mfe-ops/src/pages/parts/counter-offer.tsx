import { useEffect, useState } from 'react';
import { Alert, Descriptions, Image, Input, Modal, Select, Tag } from 'antd';
import type { CounterOffer, DecisionLine } from '@giftlane/shared-sdk/ops/client';
import type { OrderDetail } from '@giftlane/shared-sdk/ops/replies';
import { amount } from '../../lib/api';

type Offer = NonNullable<OrderDetail['counter_offer']>;

const STATUS: Record<Offer['status'], { label: string; color: string }> = {
  open: { label: 'Waiting for the seller', color: 'blue' },
  accepted: { label: 'Accepted by the seller', color: 'green' },
  declined: { label: 'Declined by the seller', color: 'red' },
  expired: { label: 'Expired (counted as declined)', color: 'red' },
};

const time = (unix: number) => (unix ? new Date(unix * 1000).toLocaleString('en-GB') : '—');

/** The order's counter-offer as the seller sees it: the amount against the quote, why, the proof, the deadline. */
export function CounterOfferPanel({ offer }: { offer: Offer }) {
  const s = STATUS[offer.status];
  return (
    <section aria-label="Counter-offer" className="ops-gap">
      <Descriptions bordered size="small" column={1} title="Counter-offer">
        <Descriptions.Item label="Status">
          <Tag color={s.color}>{s.label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Offered">
          <strong data-testid="offer-amount">{amount(offer.amount, offer.currency)}</strong> against the quote of{' '}
          {amount(offer.quote_amount, offer.currency)}
        </Descriptions.Item>
        <Descriptions.Item label="Reason">
          {offer.reason_text}
          {offer.note ? ` — ${offer.note}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Sent">{time(offer.sent_time)}</Descriptions.Item>
        <Descriptions.Item label={offer.status === 'open' ? 'Answer by' : 'Answered'}>
          {time(offer.status === 'open' ? offer.expire_time : offer.answer_time)}
        </Descriptions.Item>
        {offer.images.length > 0 && (
          <Descriptions.Item label="Proof">
            <Image.PreviewGroup>
              {offer.images.map((src, i) => (
                <Image key={src} src={src} width={64} alt={`Proof ${i + 1}`} />
              ))}
            </Image.PreviewGroup>
          </Descriptions.Item>
        )}
      </Descriptions>
    </section>
  );
}

/**
 * The counter-offer dialog: the card lines of the decision form are what the card really is (the
 * api prices them with the same function as a decision, and refuses an amount at or above the
 * quote); a reason from the api's list, a note, and proof photos from the order's own.
 */
export function SendCounterOffer(props: {
  open: boolean;
  order: Pick<OrderDetail, 'images' | 'offer_reasons' | 'quote' | 'currency'>;
  lines: DecisionLine[];
  onCancel: () => void;
  /** Sends it; a refusal stays in the dialog with the api's words. */
  onSend: (offer: CounterOffer) => Promise<void>;
  /** What the offer would pay against the quote (the api's pricing), shown before it is sent. */
  onPrice: (offer: CounterOffer) => Promise<{ amount: string; quote_amount: string; currency: string }>;
}) {
  const { order: o, lines } = props;
  const [reason, setReason] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [proofs, setProofs] = useState<number[]>([]);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [priced, setPriced] = useState<{ amount: string; quote_amount: string; currency: string } | null>(null);
  const { open, onPrice } = props;
  const linesKey = JSON.stringify(lines);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setPriced(null);
    setError('');
    onPrice({ lines: JSON.parse(linesKey) as DecisionLine[], reason: 'other', note: 'price' }).then(
      (p) => live && setPriced(p),
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => {
      live = false;
    };
  }, [open, linesKey, onPrice]);
  const send = async () => {
    setSending(true);
    setError('');
    try {
      await props.onSend({
        lines,
        reason: reason ?? '',
        note: note || undefined,
        proof_images: proofs.map((i) => o.images[i]).filter((x): x is string => !!x),
      });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };
  const reasons = Object.entries(o.offer_reasons ?? {}).map(([value, label]) => ({ value, label }));
  const paid = lines.filter((l) => l.status === 'success');
  return (
    <Modal
      open={props.open}
      title="Send a counter-offer"
      okText="Send counter-offer"
      okButtonProps={{ disabled: !reason || !priced }}
      confirmLoading={sending}
      onCancel={() => {
        setError('');
        props.onCancel();
      }}
      onOk={() => void send()}
    >
      {error && <Alert type="error" showIcon title={error} role="alert" className="ops-gap" />}
      <p>
        The card is valid but worth less than the seller chose. The offer is priced from the card lines on the review
        screen ({paid.map((l) => `face ${l.face_value ?? '?'}`).join(', ') || 'no card to pay'}), against the locked
        quote of {amount(o.quote?.amount, o.currency)}. The seller accepts or declines; no answer in time counts as
        declined.
      </p>
      {!paid.length && <Alert type="warning" showIcon title="Add the valid card as a Pay line first." />}
      {priced && (
        <p data-testid="offer-price">
          The seller is offered <strong>{amount(priced.amount, priced.currency)}</strong> instead of{' '}
          {amount(priced.quote_amount, priced.currency)}.
        </p>
      )}
      <Select
        aria-label="Reason"
        placeholder="Reason"
        value={reason}
        style={{ width: '100%' }}
        options={reasons}
        onChange={(v: string) => setReason(v)}
      />
      <Input.TextArea
        aria-label="Note for the seller"
        placeholder="Note for the seller (needed for Other)"
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="ops-gap"
      />
      <Select
        aria-label="Proof photos"
        mode="multiple"
        placeholder="Proof photos"
        value={proofs}
        style={{ width: '100%' }}
        options={o.images.map((_, i) => ({ value: i, label: `Photo ${i + 1}` }))}
        onChange={(v: number[]) => setProofs(v.slice(0, 5))}
      />
    </Modal>
  );
}
