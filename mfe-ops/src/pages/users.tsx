import { useState } from 'react';
import { Alert, Input, Table, Tag } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';

type Found = OpsReply<'GET /ops/api/users'>[number];

/** Find a seller by e-mail, number, id, order number or withdrawal number. */
export default function UsersPage() {
  const [term, setTerm] = useState('');
  const found = useOps(term ? () => ops().users.find(term) : null, `users:${term}`);
  return (
    <>
      <PageTitle>Users</PageTitle>
      <Input.Search aria-label="Find a user" placeholder="E-mail, WhatsApp or phone number, user id, order (GC…) or withdrawal (W…) number" enterButton="Find" onSearch={(v) => setTerm(v.trim())} style={{ maxWidth: 640 }} className="ops-gap" />
      {found.error && <Alert type="error" showIcon title={found.error} />}
      {term && (
        <Table<Found>
          rowKey="id"
          loading={found.loading}
          pagination={false}
          dataSource={found.data ?? []}
          locale={{ emptyText: 'Nobody matches' }}
          columns={[
            { title: 'User', render: (_, u) => <Link to={`/ops/users/${u.id}`}>#{u.id} {u.nickname || u.email}</Link> },
            { title: 'E-mail', dataIndex: 'email' },
            { title: 'WhatsApp', dataIndex: 'whatsapp' },
            { title: 'Status', render: (_, u) => <>{u.status}{u.withdrawals_frozen && <Tag color="red">withdrawals frozen</Tag>}</> },
            { title: 'Joined', render: (_, u) => when(u.created_at) },
          ]}
        />
      )}
    </>
  );
}
