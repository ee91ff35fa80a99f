import { Alert, Button, Space, Table, Tag } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { amount, ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

type Approval = OpsReply<'GET /ops/api/approvals'>[number];

/** What waits for a second operator: large or above-quote decisions, and wallet corrections. */
export default function ApprovalsPage() {
  const ask = useAsk();
  const list = useOps(() => ops().approvals.list(), 'approvals');
  const { run, notice } = useOutcome();
  const act = async (a: Approval, verb: 'approve' | 'reject') => {
    const reason = verb === 'reject' ? await ask('Reject this request', 'Reason', 'Reject') : '';
    if (reason === null) return;
    await run(async () => {
      await (verb === 'reject'
        ? ops().approvals.reject(a.id, { reason })
        : ops().approvals.approve(a.id, { note: '' }));
      return verb === 'approve' ? `Approved: ${amount(a.amount, a.currency)} for ${a.target_id}.` : 'Rejected.';
    });
    list.reload();
  };
  return (
    <>
      <PageTitle>Approvals</PageTitle>
      {notice}
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<Approval>
        rowKey="id"
        loading={list.loading}
        pagination={false}
        dataSource={list.data ?? []}
        locale={{ emptyText: 'Nothing waits for approval' }}
        columns={[
          {
            title: 'What',
            render: (_, a) =>
              a.kind === 'order_decision' ? (
                <>
                  Decision on <Link to={`/ops/orders/${a.target_id}`}>{a.target_id}</Link>
                </>
              ) : (
                <>
                  Correction for user {a.payload.user_id}: {amount(a.payload.amount, a.currency)}
                </>
              ),
          },
          { title: 'Amount', render: (_, a) => amount(a.amount, a.currency) },
          { title: 'Why a second pair of eyes', dataIndex: 'reason' },
          { title: 'Asked by', dataIndex: 'requested_by_name' },
          { title: 'When', render: (_, a) => when(a.created_at) },
          {
            title: 'Action',
            render: (_, a) => (
              <Space>
                <Button type="primary" onClick={() => void act(a, 'approve')}>
                  Approve
                </Button>
                <Button onClick={() => void act(a, 'reject')}>Reject</Button>
                {a.kind === 'order_decision' && <Tag>{(a.payload.lines ?? []).length} line(s)</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
