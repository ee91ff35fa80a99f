import { Alert, Table, Typography } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';

type Pending = OpsReply<'GET /ops/api/kyc'>[number];

const waited = (m: number) =>
  m < 60 ? `${m} min` : m < 48 * 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${Math.floor(m / 1440)} days`;

/** Level 3 verification requests, oldest first: a document photo and an address to check. */
export default function KycQueuePage() {
  const list = useOps(() => ops().kyc.list(), 'kyc');
  return (
    <>
      <PageTitle>Identity checks</PageTitle>
      <Typography.Paragraph type="secondary">
        Level 3 requests: compare the document photo and the selfie with the ID record, and check the address. Opening a
        request is recorded in the audit log.
      </Typography.Paragraph>
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<Pending>
        rowKey="id"
        loading={list.loading}
        pagination={false}
        dataSource={list.data ?? []}
        locale={{ emptyText: 'No identity check waits' }}
        columns={[
          { title: 'Seller', render: (_, p) => <Link to={`/ops/kyc/${p.id}`}>{p.verified_name || p.username}</Link> },
          { title: 'Country', dataIndex: 'country' },
          { title: 'Sent', render: (_, p) => when(p.created_at) },
          { title: 'Waiting', render: (_, p) => waited(p.waiting_minutes) },
        ]}
      />
    </>
  );
}
