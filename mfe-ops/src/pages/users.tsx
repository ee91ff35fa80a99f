import { useState } from 'react';
import { Alert, Input, Table, Tag, Typography } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { normalizeRef } from '@giftlane/shared-sdk/request-id';

type Found = OpsReply<'GET /ops/api/users'>[number];
/** A failed request by the reference its seller was shown ("Reference: 7F3K2Q"). */
type FailedRequest = OpsReply<'GET /ops/api/request-refs/:ref'>[number];

/** Find a seller by e-mail, number, id, order number, withdrawal number or an error's reference. */
export default function UsersPage() {
  const [term, setTerm] = useState('');
  const found = useOps(term ? () => ops().users.find(term) : null, `users:${term}`);
  const ref = term ? normalizeRef(term) : undefined;
  const failed = useOps(ref ? () => ops().users.failedRequests(ref) : null, `refs:${ref ?? ''}`);
  return (
    <>
      <PageTitle>Users</PageTitle>
      <Input.Search
        aria-label="Find a user"
        placeholder="E-mail, WhatsApp or phone number, user id, order (GC…) or withdrawal (W…) number, error reference"
        enterButton="Find"
        onSearch={(v) => setTerm(v.trim())}
        style={{ maxWidth: 640 }}
        className="ops-gap"
      />
      {found.error && <Alert type="error" showIcon title={found.error} />}
      {ref && (failed.data?.length ?? 0) > 0 && (
        <Table<FailedRequest>
          className="ops-gap"
          rowKey="request_id"
          size="small"
          pagination={false}
          title={() => `Requests that failed with reference ${ref}`}
          dataSource={failed.data ?? []}
          columns={[
            { title: 'When', render: (_, r) => when(r.created_at) },
            {
              title: 'User',
              render: (_, r) =>
                r.user_id ? (
                  <Link to={`/ops/users/${r.user_id}`}>
                    #{r.user_id} {r.username}
                  </Link>
                ) : (
                  'not signed in'
                ),
            },
            { title: 'Call', render: (_, r) => `${r.path} (${r.status})` },
            { title: 'Answer', render: (_, r) => `${r.msg} [${r.code}]` },
            {
              title: 'Request id (logs)',
              render: (_, r) => (
                <Typography.Text copyable code>
                  {r.request_id}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
      {term && (
        <Table<Found>
          rowKey="id"
          loading={found.loading}
          pagination={false}
          dataSource={found.data ?? []}
          locale={{ emptyText: 'Nobody matches' }}
          columns={[
            {
              title: 'User',
              render: (_, u) => (
                <Link to={`/ops/users/${u.id}`}>
                  #{u.id} {u.nickname || u.email}
                </Link>
              ),
            },
            { title: 'E-mail', dataIndex: 'email' },
            { title: 'WhatsApp', dataIndex: 'whatsapp' },
            {
              title: 'Status',
              render: (_, u) => (
                <>
                  {u.status}
                  {u.withdrawals_frozen && <Tag color="red">withdrawals frozen</Tag>}
                </>
              ),
            },
            { title: 'Joined', render: (_, u) => when(u.created_at) },
          ]}
        />
      )}
    </>
  );
}
