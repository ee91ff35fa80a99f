import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { amount, ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

type Coupon = OpsReply<'GET /ops/api/coupons'>[number];
interface NewCoupon {
  code: string;
  name: string;
  kind: Coupon['kind'];
  value: string;
  currency?: string;
  minimum?: string;
  valid_until: { toISOString(): string };
  max_use: number;
  grant_on_signup: boolean;
}

const describe = (c: Coupon) =>
  c.kind === 'percent'
    ? `+${c.value}%`
    : c.kind === 'fixed'
      ? `${amount(c.value, c.currency)} bonus`
      : `+${amount(c.value, c.currency)} per unit`;

/** Coupons (admin): their terms and use, a new coupon, and granting one to sellers. */
export default function CouponsPage() {
  const list = useOps(() => ops().coupons.list(), 'coupons');
  const outcome = useOutcome();
  const run = (fn: () => Promise<string>) =>
    outcome.run(async () => {
      const text = await fn();
      list.reload();
      return text;
    });
  return (
    <>
      <PageTitle>Coupons</PageTitle>
      {outcome.notice}
      <Table<Coupon>
        rowKey="code"
        size="small"
        loading={list.loading}
        pagination={{ pageSize: 20 }}
        dataSource={list.data ?? []}
        columns={[
          {
            title: 'Code',
            render: (_, c) => (
              <>
                {c.code}
                {c.grant_on_signup && <Tag>at sign-up</Tag>}
                {(!c.active || new Date(c.valid_until) < new Date()) && <Tag>ended</Tag>}
              </>
            ),
          },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Gives', render: (_, c) => describe(c) },
          { title: 'Minimum', render: (_, c) => (c.currency ? amount(c.minimum, c.currency) : '—') },
          { title: 'Until', render: (_, c) => when(c.valid_until) },
          { title: 'Uses each', render: (_, c) => (c.max_use === 0 ? 'unlimited' : c.max_use) },
          { title: 'Holders · used', render: (_, c) => `${c.holders} · ${c.uses}` },
        ]}
      />
      <Typography.Title level={2} className="ops-gap">
        New coupon
      </Typography.Title>
      <Form
        layout="inline"
        className="ops-filters"
        initialValues={{ kind: 'percent', max_use: 1, grant_on_signup: false }}
        onFinish={(v: NewCoupon) =>
          void run(async () => {
            await ops().coupons.create({
              ...v,
              valid_until: v.valid_until.toISOString(),
              currency: v.currency || undefined,
              minimum: v.minimum || '0',
            });
            return `Coupon ${v.code.toUpperCase()} created.`;
          })
        }
      >
        <Form.Item name="code" rules={[{ required: true, message: 'Code' }]}>
          <Input placeholder="CODE" aria-label="Coupon code" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="name" rules={[{ required: true, message: 'Name' }]}>
          <Input placeholder="Name the seller sees" aria-label="Coupon name" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            aria-label="Kind"
            style={{ width: 150 }}
            options={[
              { value: 'percent', label: 'Percent boost' },
              { value: 'fixed', label: 'Fixed bonus' },
              { value: 'rate_add', label: 'Rate increase' },
            ]}
          />
        </Form.Item>
        <Form.Item name="value" rules={[{ required: true, message: 'Value' }]}>
          <Input placeholder="Value" aria-label="Coupon value" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="currency">
          <Select
            allowClear
            placeholder="Currency"
            aria-label="Currency"
            style={{ width: 110 }}
            options={['NGN', 'GHS', 'USDT'].map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item name="minimum">
          <Input placeholder="Minimum trade" aria-label="Minimum trade" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="valid_until" rules={[{ required: true, message: 'Until' }]}>
          <DatePicker showTime aria-label="Valid until" placeholder="Valid until" />
        </Form.Item>
        <Form.Item name="max_use" label="Uses each">
          <InputNumber min={0} max={1000} aria-label="Uses each" style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="grant_on_signup" valuePropName="checked">
          <Checkbox>Give at sign-up</Checkbox>
        </Form.Item>
        <Button htmlType="submit" type="primary">
          Create
        </Button>
      </Form>
      <Typography.Title level={2} className="ops-gap">
        Give a coupon to sellers
      </Typography.Title>
      <Form
        layout="inline"
        onFinish={(v: { code: string; users: string; reason: string }) =>
          void run(async () => {
            const ids = v.users
              .split(/[\s,]+/)
              .filter(Boolean)
              .map(Number);
            const r = await ops().coupons.grant(v.code, { user_ids: ids, reason: v.reason });
            return `Given to ${r.granted} seller(s); each was told in the app.`;
          })
        }
      >
        <Form.Item name="code" rules={[{ required: true, message: 'Code' }]}>
          <Input placeholder="CODE" aria-label="Code to give" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item
          name="users"
          rules={[{ required: true, pattern: /^[\d\s,]+$/, message: 'User ids, separated by commas' }]}
        >
          <Input placeholder="User ids: 12, 345" aria-label="User ids" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="reason" rules={[{ required: true, min: 3, message: 'Reason' }]}>
          <Input placeholder="Reason (audit log)" aria-label="Reason for giving" style={{ width: 240 }} />
        </Form.Item>
        <Button htmlType="submit">Give</Button>
      </Form>
    </>
  );
}
