import { Table, Tag } from 'antd';
import type { OrderDetail } from '@giftlane/shared-sdk/ops/replies';
import { amount } from '../../lib/api';

type Line = OrderDetail['lines'][number];

/** Card currencies are all two-decimal (USD, EUR, GBP, CAD, AUD): face values are shown with two. */
const face = (minor: string) => (Number(minor) / 100).toFixed(2);

/** A decided order's cards: what each was, its outcome and what it paid. */
export function OrderLines(props: { lines: Line[]; currency: string; reasons: Record<string, string> }) {
  const { lines, currency, reasons } = props;
  return (
    <Table<Line>
      rowKey="seq"
      size="small"
      pagination={false}
      dataSource={lines}
      locale={{ emptyText: 'No cards were decided on this order' }}
      columns={[
        { title: '#', dataIndex: 'seq', width: 40 },
        { title: 'Card', render: (_, l) => l.card_name || '—' },
        { title: 'Code', render: (_, l) => l.code || '—' },
        { title: 'Face value', align: 'right', render: (_, l) => (l.status === 'success' ? face(l.face_minor) : '—') },
        {
          title: 'Outcome',
          render: (_, l) =>
            l.status === 'success' ? (
              <Tag color="green">Paid</Tag>
            ) : (
              <>
                <Tag color="red">Failed</Tag> {reasons[l.fail_reason] ?? l.fail_reason}
              </>
            ),
        },
        {
          title: 'Payout',
          align: 'right',
          render: (_, l) => (l.status === 'success' ? amount(l.amount, currency) : '—'),
        },
      ]}
    />
  );
}
