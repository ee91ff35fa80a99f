import { useState } from 'react';
import { Alert, Button, Form, Input, Table } from 'antd';
import { ops, qs, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';

type Row = OpsReply<'GET /ops/api/audit'>[number];
type Filters = { q?: string; action?: string; target_id?: string };

/** Every staff action: who, when, what and why; searchable, newest first, page by page. */
export default function AuditPage() {
  const [filters, setFilters] = useState<Filters>({});
  const first = useOps(() => ops().audit.list(filters), qs(filters));
  const [more, setMore] = useState<Row[]>([]);
  const [error, setError] = useState('');
  const rows = [...(first.data ?? []), ...more];
  const loadMore = async () => {
    try {
      const next = await ops().audit.list({ ...filters, before_id: rows.at(-1)?.id });
      setMore((m) => [...m, ...next]);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Form
        layout="inline"
        className="ops-filters"
        onFinish={(v: Filters) => {
          setMore([]);
          setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x)));
        }}
      >
        <Form.Item name="q" label="Words">
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="action" label="Action">
          <Input style={{ width: 160 }} placeholder="e.g. order, login.failed" />
        </Form.Item>
        <Form.Item name="target_id" label="Target">
          <Input style={{ width: 200 }} placeholder="order, user or withdrawal" />
        </Form.Item>
        <Button htmlType="submit">Search</Button>
      </Form>
      {(error || first.error) && <Alert type="error" showIcon title={error || first.error} />}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={first.loading}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: 'When', render: (_, r) => when(r.created_at) },
          { title: 'Who', render: (_, r) => r.staff_name ?? 'system' },
          { title: 'Action', dataIndex: 'action' },
          { title: 'Target', render: (_, r) => `${r.target_type} ${r.target_id}` },
          { title: 'Why', dataIndex: 'reason' },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
      {(first.data?.length ?? 0) >= 200 && (
        <Button onClick={() => void loadMore()} className="ops-gap">
          Older entries
        </Button>
      )}
    </>
  );
}
