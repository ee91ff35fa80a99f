import { Alert, Table, Tag } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';

type Appeal = OpsReply<'GET /ops/api/appeals'>['appeals'][number];

/** Sellers' appeals on decided orders, breached clock first, then oldest: answered by a different staff member. */
/** What the seller contests, in the console's words. */
const OUTCOME: Record<string, string> = {
  failed_cards: 'Failed cards',
  declined_offer: 'Declined counter-offer',
};

export default function AppealsPage() {
  const list = useOps(() => ops().appeals.queue(), 'appeals');
  const hours = list.data?.review_hours ?? 24;
  return (
    <>
      <PageTitle>Appeals</PageTitle>
      <p>
        Each appeal is answered within {hours} hours by a staff member other than the one who decided the order (the
        database refuses the decider).
      </p>
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<Appeal>
        rowKey="appeal_no"
        loading={list.loading}
        pagination={false}
        dataSource={list.data?.appeals ?? []}
        locale={{ emptyText: 'No open appeals' }}
        columns={[
          {
            title: 'Appeal',
            render: (_, a) => <Link to={`/ops/appeals/${a.appeal_no}`}>{a.appeal_no}</Link>,
          },
          { title: 'Order', dataIndex: 'order_no' },
          { title: 'Appealed', render: (_, a) => OUTCOME[a.outcome] ?? a.outcome },
          { title: 'Decided by', dataIndex: 'decided_by_name' },
          { title: 'Opened', render: (_, a) => when(a.created_at) },
          {
            title: 'Due',
            render: (_, a) => (
              <>
                {when(a.due_at)} {a.breached && <Tag color="red">Breached</Tag>}
              </>
            ),
          },
          { title: 'Taken by', render: (_, a) => a.assigned_to_name ?? '—' },
        ]}
      />
    </>
  );
}
