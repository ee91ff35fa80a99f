import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { amount, ops, staffSession, when, type OpsReply, type Role } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

type Staff = OpsReply<'GET /ops/api/staff'>[number];
type AppealStat = OpsReply<'GET /ops/api/appeals/stats'>[number];
type Balance = OpsReply<'GET /ops/api/ledger/balances'>[number];

/** Admin: operators (add, deactivate, reset a lost second factor), corrections, the ledger. */
export default function AdminPage() {
  const ask = useAsk();
  const staff = useOps(() => ops().staff.list(), 'staff');
  const appeals = useOps(() => ops().appeals.stats(), 'appeal-stats');
  const balances = useOps(() => ops().ledger.balances(), 'balances');
  const { run, notice } = useOutcome();
  const [check, setCheck] = useState<OpsReply<'GET /ops/api/ledger/check'> | null>(null);
  const change = async (s: Staff, verb: 'deactivate' | 'activate' | 'reset-second-factor', label: string) => {
    const reason = await ask(`${label}: ${s.name}`, 'Reason (kept in the audit log)', label);
    if (reason === null) return;
    await run(async () => {
      const client = ops().staff;
      await (verb === 'deactivate'
        ? client.deactivate
        : verb === 'activate'
          ? client.activate
          : client.resetSecondFactor)(s.id, { reason });
      staff.reload();
      return `${label}: done for ${s.name}. Their sessions have ended.`;
    });
  };
  return (
    <>
      <PageTitle>Staff and ledger</PageTitle>
      {notice}
      <Typography.Title level={2}>Operators</Typography.Title>
      <Table<Staff>
        rowKey="id"
        size="small"
        pagination={false}
        loading={staff.loading}
        dataSource={staff.data ?? []}
        columns={[
          {
            title: 'Name',
            render: (_, s) => (
              <>
                {s.name} <span className="ops-muted">{s.email}</span>
              </>
            ),
          },
          { title: 'Role', dataIndex: 'role' },
          {
            title: 'State',
            render: (_, s) => (
              <>
                {s.status}
                {!s.second_factor && <Tag>no second factor yet</Tag>}
                {s.locked_until && new Date(s.locked_until) > new Date() && (
                  <Tag color="red">locked until {when(s.locked_until)}</Tag>
                )}
              </>
            ),
          },
          { title: 'Recovery codes left', dataIndex: 'recovery_codes_left' },
          {
            title: 'Action',
            render: (_, s) =>
              s.id === staffSession.get()?.id ? (
                <span className="ops-muted">you: another admin changes your account</span>
              ) : (
                <Space>
                  {s.status === 'active' ? (
                    <Button size="small" danger onClick={() => void change(s, 'deactivate', 'Deactivate')}>
                      Deactivate
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => void change(s, 'activate', 'Reactivate')}>
                      Reactivate
                    </Button>
                  )}
                  <Button size="small" onClick={() => void change(s, 'reset-second-factor', 'Reset second factor')}>
                    Reset second factor
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Typography.Title level={3} className="ops-gap">
        Add an operator
      </Typography.Title>
      <Form
        layout="inline"
        onFinish={(v: { email: string; name: string; role: Role; password: string }) =>
          void run(async () => {
            await ops().staff.create(v);
            staff.reload();
            return `${v.name} added: they set up their authenticator at their first sign-in.`;
          })
        }
      >
        <Form.Item name="name" rules={[{ required: true, message: 'Name' }]}>
          <Input placeholder="Name" aria-label="Name" />
        </Form.Item>
        <Form.Item name="email" rules={[{ required: true, message: 'E-mail' }]}>
          <Input placeholder="E-mail" aria-label="E-mail" type="email" />
        </Form.Item>
        <Form.Item name="role" initialValue="reviewer">
          <Select
            aria-label="Role"
            style={{ width: 160 }}
            options={['reviewer', 'finance', 'release_manager', 'admin'].map((r) => ({
              value: r,
              label: r.replace('_', ' '),
            }))}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, min: 12, message: 'At least 12 characters' }]}>
          <Input.Password placeholder="First password (12+)" aria-label="First password" />
        </Form.Item>
        <Button htmlType="submit">Add</Button>
      </Form>
      <Typography.Title level={2} className="ops-gap">
        Appeals per reviewer
      </Typography.Title>
      <Table<AppealStat>
        rowKey="staff_id"
        size="small"
        pagination={false}
        loading={appeals.loading}
        dataSource={appeals.data ?? []}
        data-testid="appeal-stats"
        columns={[
          { title: 'Reviewer', dataIndex: 'name' },
          { title: 'Decided with a failed card', dataIndex: 'decided', align: 'right' },
          { title: 'Appealed', dataIndex: 'appealed', align: 'right' },
          { title: 'Appeal rate', align: 'right', render: (_, s) => `${s.appeal_rate}%` },
          { title: 'Open', dataIndex: 'open', align: 'right' },
          { title: 'Upheld', dataIndex: 'upheld', align: 'right' },
          { title: 'Overturned', dataIndex: 'overturned', align: 'right' },
          { title: 'Overturn rate', align: 'right', render: (_, s) => `${s.overturn_rate}%` },
        ]}
      />
      <Typography.Title level={2} className="ops-gap">
        Correct a wallet
      </Typography.Title>
      <Typography.Paragraph className="ops-muted">
        A correction is carried out when a second admin approves it (Approvals).
      </Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={(v: { user_id: number; wallet_type: 1 | 2; amount: string; reason: string }) =>
          void run(async () => {
            const r = await ops().corrections.request({
              ...v,
              idempotency_key: `console-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
            });
            return `Correction asked (request ${r.approval.id}): another admin must approve it.`;
          })
        }
      >
        <Form.Item name="user_id" rules={[{ required: true, message: 'User id' }]}>
          <InputNumber placeholder="User id" aria-label="User id" min={1} />
        </Form.Item>
        <Form.Item name="wallet_type" initialValue={1}>
          <Select
            aria-label="Wallet"
            style={{ width: 120 }}
            options={[
              { value: 1, label: 'Local' },
              { value: 2, label: 'USDT' },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" rules={[{ required: true, message: 'Amount, - to debit' }]}>
          <Input placeholder="Amount (−50.00 to debit)" aria-label="Amount" />
        </Form.Item>
        <Form.Item name="reason" rules={[{ required: true, min: 3, message: 'Reason' }]}>
          <Input placeholder="Reason the seller sees" aria-label="Reason" style={{ width: 260 }} />
        </Form.Item>
        <Button htmlType="submit">Ask for approval</Button>
      </Form>
      <Typography.Title level={2} className="ops-gap">
        Ledger
      </Typography.Title>
      <Space className="ops-gap">
        <Button
          onClick={() =>
            void run(async () => {
              const r = await ops().ledger.check();
              setCheck(r);
              return r.ok ? 'Ledger check: every invariant holds.' : `Ledger check: ${r.breaches.length} breach(es).`;
            })
          }
        >
          Run the ledger check
        </Button>
        {check &&
          (check.ok ? <Tag color="green">balanced</Tag> : <Tag color="red">{check.breaches.length} breaches</Tag>)}
      </Space>
      {check && !check.ok && <pre className="ops-memo">{JSON.stringify(check.breaches, null, 2)}</pre>}
      <Table<Balance>
        rowKey={(b) => `${b.account}:${b.currency}`}
        size="small"
        pagination={false}
        loading={balances.loading}
        dataSource={balances.data ?? []}
        columns={[
          { title: 'Account', dataIndex: 'account' },
          { title: 'Currency', dataIndex: 'currency' },
          { title: 'Balance', align: 'right', render: (_, b) => amount(b.balance, b.currency) },
          { title: 'Accounts', dataIndex: 'accounts', align: 'right' },
        ]}
      />
    </>
  );
}
