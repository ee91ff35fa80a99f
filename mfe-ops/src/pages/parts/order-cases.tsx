import { Space, Tag } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ops } from '../../lib/api';
import { useOps } from '../../lib/use-ops';

/** The cases about an order (its review screen links them; a case links back to the order). */
export function OrderCases({ orderNo }: { orderNo: string }) {
  const cases = useOps(() => ops().cases.list({ order_no: orderNo }), `order-cases:${orderNo}`);
  if (!cases.data?.length) return null;
  return (
    <Space wrap className="ops-gap" aria-label="Cases about this order">
      <span>Cases about this order:</span>
      {cases.data.map((c) => (
        <Link key={c.case_no} to={`/ops/cases/${c.case_no}`}>
          {c.case_no} <Tag>{c.status_text}</Tag>
        </Link>
      ))}
    </Space>
  );
}
