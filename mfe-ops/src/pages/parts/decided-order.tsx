import { Alert, Button, Descriptions, Space, Tag } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ORDER_STATUS, orderStatusWords } from '@giftlane/shared-sdk/statuses';
import type { OrderDetail } from '@giftlane/shared-sdk/ops/replies';
import { amount, when } from '../../lib/api';
import { OrderLines } from './order-lines';

type Decided = Pick<
  OrderDetail,
  'status' | 'status_desc' | 'amount' | 'currency' | 'finished_at' | 'refused_reason' | 'payout_note'
> &
  Partial<Pick<OrderDetail, 'lines' | 'fail_reasons' | 'next_order_no'>>;

/**
 * An order no longer waiting: its outcome once (what was credited, or why it was refused), its
 * cards line by line, and the way on to the next order in the queue.
 */
export function DecidedOrder(props: { order: Decided; onNext: (orderNo: string) => void; busy: boolean }) {
  const { order: o, onNext, busy } = props;
  const refused = o.status === ORDER_STATUS.refused;
  // What the cards paid, and what the platform added on top (the bonuses are not card lines).
  const decimals = (o.amount.split('.')[1] ?? '').length;
  const minor = (v: string) => Math.round(Number(v) * 10 ** decimals);
  const cardsMinor = (o.lines ?? []).filter((l) => l.status === 'success').reduce((sum, l) => sum + minor(l.amount), 0);
  const bonusMinor = o.lines?.length ? minor(o.amount) - cardsMinor : 0;
  const cards = cardsMinor / 10 ** decimals;
  const bonus = bonusMinor / 10 ** decimals;
  return (
    <section aria-label="Outcome">
      <Descriptions bordered size="small" column={1} title="Outcome">
        <Descriptions.Item label="Decision">
          <Tag color={refused ? 'red' : o.status === ORDER_STATUS.partlySucceeded ? 'orange' : 'green'}>
            {orderStatusWords(o.status_desc)}
          </Tag>
          {o.finished_at && <span className="ops-muted">{when(o.finished_at)}</span>}
        </Descriptions.Item>
        {refused ? (
          <Descriptions.Item label="Why">{o.refused_reason || '—'}</Descriptions.Item>
        ) : (
          <Descriptions.Item label="Credited">
            <strong>{amount(o.amount, o.currency)}</strong>
            {bonus > 0 && (
              <span className="ops-muted">
                {' '}
                (cards {amount(cards.toFixed(decimals), o.currency)}, bonuses{' '}
                {amount(bonus.toFixed(decimals), o.currency)}: first-order, amount or coupon)
              </span>
            )}
          </Descriptions.Item>
        )}
        {o.payout_note ? <Descriptions.Item label="Payout note">{o.payout_note}</Descriptions.Item> : null}
      </Descriptions>
      {o.lines && o.lines.length > 0 && (
        <section aria-label="Cards" className="ops-gap">
          <OrderLines lines={o.lines} currency={o.currency} reasons={o.fail_reasons ?? {}} />
        </section>
      )}
      <Space className="ops-gap" wrap>
        {o.next_order_no ? (
          <Button type="primary" loading={busy} onClick={() => onNext(o.next_order_no!)}>
            Next order
          </Button>
        ) : (
          o.next_order_no === null && <Alert type="success" showIcon title="No other order waits in the queue." />
        )}
        <Link to="/ops">Back to the queue</Link>
      </Space>
    </section>
  );
}
