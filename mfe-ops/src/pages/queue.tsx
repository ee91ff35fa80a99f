import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useNavigate } from '@giftlane/shared-sdk/router';
import { amount, ops, qs, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';

type QueueOrder = OpsReply<'GET /ops/api/orders/queue'>['orders'][number];
type Filters = {
  brand?: number;
  currency?: 'NGN' | 'GHS' | 'USDT';
  min_amount?: string;
  max_amount?: string;
  waiting_over_minutes?: number;
};

const waited = (m: number) =>
  m < 60
    ? `${m} min`
    : m < 1440
      ? `${Math.floor(m / 60)} h ${m % 60} min`
      : `${Math.floor(m / 1440)} d ${Math.floor((m % 1440) / 60)} h`;

/** Pending orders, oldest first, with how long each has waited; claim one to review it. */
export default function QueuePage() {
  const [filters, setFilters] = useState<Filters>({});
  const q = useOps(() => ops().orders.queue(filters), qs(filters));
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const claim = async (no: string) => {
    setError('');
    try {
      await ops().orders.claim(no);
      navigate(`/ops/orders/${no}`);
    } catch (err) {
      setError((err as Error).message);
      q.reload();
    }
  };
  return (
    <>
      <PageTitle>Review queue</PageTitle>
      <Form
        layout="inline"
        onFinish={(v: Filters) =>
          setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as Filters)
        }
        className="ops-filters"
      >
        <Form.Item name="brand" label="Brand">
          <Select
            allowClear
            style={{ width: 180 }}
            options={(q.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
          />
        </Form.Item>
        <Form.Item name="currency" label="Payout">
          <Select
            allowClear
            style={{ width: 100 }}
            options={['NGN', 'GHS', 'USDT'].map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item name="min_amount" label="Quote from">
          <Input style={{ width: 120 }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="max_amount" label="to">
          <Input style={{ width: 120 }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="waiting_over_minutes" label="Waiting over (min)">
          <InputNumber min={0} style={{ width: 100 }} />
        </Form.Item>
        <Button htmlType="submit">Filter</Button>
      </Form>
      {(error || q.error) && <Alert type="error" showIcon title={error || q.error} className="ops-gap" />}
      <Table<QueueOrder>
        rowKey="order_no"
        rowClassName={(o) => (o.awaiting_approval || o.waiting_for_seller ? 'ops-row-waiting' : '')}
        loading={q.loading}
        dataSource={q.data?.orders ?? []}
        pagination={false}
        locale={{ emptyText: 'No orders waiting' }}
        columns={[
          { title: 'Order', dataIndex: 'order_no' },
          { title: 'Brand', render: (_, o) => o.brand ?? 'Codes only' },
          { title: 'Quote', render: (_, o) => amount(o.quote?.amount, o.currency) },
          { title: 'Waiting', render: (_, o) => waited(o.waiting_minutes) },
          {
            title: 'Claimed by',
            render: (_, o) =>
              o.awaiting_approval ? (
                <>
                  <Tag color="gold" className="ops-waiting">
                    Waiting for a second approver
                  </Tag>
                  <div className="ops-muted">
                    approved first by {o.approval_requested_by_name ?? o.claimed_by_name ?? 'another operator'}
                  </div>
                </>
              ) : o.waiting_for_seller ? (
                <>
                  <Tag color="blue" className="ops-waiting">
                    Waiting for the seller
                  </Tag>
                  <div className="ops-muted">
                    counter-offer by {o.claimed_by_name ?? 'an operator'}
                    {o.offer_expires_at ? `, answer by ${new Date(o.offer_expires_at).toLocaleString('en-GB')}` : ''}
                  </div>
                </>
              ) : (
                (o.claimed_by_name ?? '—')
              ),
          },
          {
            title: 'Action',
            render: (_, o) => (
              <Space>
                <Button type={o.awaiting_approval ? 'default' : 'primary'} onClick={() => void claim(o.order_no)}>
                  {o.claimed_by || o.awaiting_approval ? 'Open' : 'Claim'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
