import { Alert, Button, Descriptions, Space, Table, Tabs, Tag, Typography } from 'antd';
import { Link, useParams } from '@giftlane/shared-sdk/router';
import { amount, can, ops, staffSession, when } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';
import type { OpsReply } from '@giftlane/shared-sdk/ops/replies';

type PayoutAccount = OpsReply<'GET /ops/api/users/:id'>['payout_accounts'][number];

const REFERRAL = { invited: 'This user invited them', invited_by: 'They invited this user' } as const;

/** Accounts likely of the same person: a referral between them earns nothing. */
function LinkedAccounts({ id }: { id: string }) {
  const links = useOps(() => ops().users.links(id), `links:${id}`);
  return (
    <section aria-label="Linked accounts" className="ops-gap">
      <Typography.Title level={2}>Linked accounts</Typography.Title>
      {links.error ? (
        <Alert type="error" showIcon title={links.error} />
      ) : (
        <Table
          rowKey={(l) => `${l.user_id}:${l.link}:${l.detail}`}
          size="small"
          loading={links.loading}
          pagination={false}
          locale={{ emptyText: 'No other account shares an identity, a payout account or a device with this one.' }}
          dataSource={links.data ?? []}
          columns={[
            {
              title: 'Account',
              render: (_, l) => (
                <Link to={`/ops/users/${l.user_id}`}>
                  #{l.user_id} {l.nickname || l.email}
                </Link>
              ),
            },
            { title: 'Shares', render: (_, l) => <Tag color={l.link === 'device' ? 'orange' : 'red'}>{l.label}</Tag> },
            { title: 'What', dataIndex: 'detail' },
            { title: 'Referral', render: (_, l) => (l.referral ? REFERRAL[l.referral] : '—') },
            { title: 'Status', dataIndex: 'status' },
            { title: 'Joined', render: (_, l) => when(l.created_at) },
          ]}
        />
      )}
    </section>
  );
}

/** The seller's payout accounts, each with the wait a new one has before money can be sent to it. */
function PayoutAccounts({ accounts }: { accounts: PayoutAccount[] }) {
  const now = Date.now();
  return (
    <section aria-label="Payout accounts" className="ops-gap">
      <Typography.Title level={2}>Payout accounts</Typography.Title>
      <Table<PayoutAccount>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={accounts}
        locale={{ emptyText: 'No payout account yet.' }}
        columns={[
          {
            title: 'Account',
            render: (_, a) => (
              <>
                {a.account_name} · {a.bank_name} {a.account_no}
                {a.is_default && <Tag>default</Tag>}
              </>
            ),
          },
          { title: 'Method', dataIndex: 'method' },
          { title: 'Added', render: (_, a) => when(a.created_at) },
          {
            title: 'Withdrawals to it',
            render: (_, a) =>
              a.usable_from && new Date(a.usable_from).getTime() > now ? (
                <Tag color="orange">new account: waits until {when(a.usable_from)}</Tag>
              ) : (
                'open'
              ),
          },
        ]}
      />
    </section>
  );
}

/** One seller: profile, balances, linked accounts, ledger, orders, withdrawals, sessions, security events; freeze. */
export default function UserPage() {
  const ask = useAsk();
  const { id = '' } = useParams();
  const d = useOps(() => ops().users.get(id), `user:${id}`);
  const { run, notice } = useOutcome();
  const role = staffSession.get()?.role ?? 'reviewer';
  const LABELS = {
    freeze: ['Freeze withdrawals', 'Reason (the seller is shown it)', 'Withdrawals frozen.'],
    unfreeze: ['Unfreeze withdrawals', 'Reason (kept in the audit log)', 'Withdrawals unfrozen.'],
    'end-cooling-off': [
      'End the withdrawal wait',
      'Reason: how the owner was confirmed',
      'The wait has ended: withdrawals (and new payout accounts) are open.',
    ],
  } as const;
  const change = async (verb: keyof typeof LABELS) => {
    const [title, label, done] = LABELS[verb];
    const reason = await ask(title, label, title);
    if (reason === null) return;
    await run(async () => {
      const users = ops().users;
      await (verb === 'freeze' ? users.freeze : verb === 'unfreeze' ? users.unfreeze : users.endCoolingOff)(id, {
        reason,
      });
      d.reload();
      return done;
    });
  };
  if (d.error || !d.data)
    return (
      <>
        <PageTitle tab={`User #${id}`}>User #{id}</PageTitle>
        {d.error ? <Alert type="error" showIcon title={d.error} /> : <p>Loading…</p>}
      </>
    );
  const { profile: p } = d.data;
  const now = Date.now();
  const coolingOffEnds =
    p.withdraw_hold_until && new Date(p.withdraw_hold_until).getTime() > now ? p.withdraw_hold_until : null;
  const waiting = (d.data.payout_accounts ?? []).filter(
    (a) => a.usable_from && new Date(a.usable_from).getTime() > now,
  );
  return (
    <>
      <PageTitle tab={`User #${p.id}`}>User #{p.id}</PageTitle>
      {notice}
      <Descriptions bordered size="small" column={2} className="ops-gap">
        <Descriptions.Item label="E-mail">{p.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="WhatsApp">{p.whatsapp ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Nickname">{p.nickname || '—'}</Descriptions.Item>
        <Descriptions.Item label="Status">
          {p.status} · VIP {p.vip_level} · PIN {p.has_pin ? 'set' : 'not set'}
        </Descriptions.Item>
        <Descriptions.Item label="Verification" span={2}>
          {p.kyc_level ? `Level ${p.kyc_level}, as ${p.kyc_name}` : 'Not verified'}
        </Descriptions.Item>
        <Descriptions.Item label="Joined">{when(p.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Last sign-in">{when(p.last_login_at)}</Descriptions.Item>
        <Descriptions.Item label="Withdrawals" span={2}>
          {p.withdrawals_frozen_at ? (
            <>
              <Tag color="red">frozen</Tag> {p.withdrawals_frozen_reason.replace(/^staff: /, '')} (
              {when(p.withdrawals_frozen_at)})
            </>
          ) : coolingOffEnds ? (
            `waiting after a security change until ${when(coolingOffEnds)}`
          ) : (
            'open'
          )}
          {waiting.length > 0 &&
            ` · ${waiting.length} new payout account${waiting.length === 1 ? '' : 's'} waiting (24 h)`}
        </Descriptions.Item>
        <Descriptions.Item label="Balances" span={2}>
          {d.data.balances.map((b) => `${amount(b.balance, b.currency)} (${b.wallet})`).join(' · ') || 'none'}
        </Descriptions.Item>
      </Descriptions>
      <Space className="ops-gap">
        {!p.withdrawals_frozen_at && can(role, 'finance') && (
          <Button danger onClick={() => void change('freeze')}>
            Freeze withdrawals…
          </Button>
        )}
        {p.withdrawals_frozen_at && role === 'admin' && (
          <Button onClick={() => void change('unfreeze')}>Unfreeze withdrawals…</Button>
        )}
        {(coolingOffEnds || waiting.length > 0) && role === 'admin' && (
          <Button onClick={() => void change('end-cooling-off')}>End the withdrawal wait…</Button>
        )}
      </Space>
      <PayoutAccounts accounts={d.data.payout_accounts ?? []} />
      <LinkedAccounts id={id} />
      <Tabs
        items={[
          {
            key: 'ledger',
            label: 'Ledger',
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={{ pageSize: 20 }}
                dataSource={d.data.ledger}
                columns={[
                  { title: 'When', render: (_, e) => when(e.created_at) },
                  { title: 'Kind', dataIndex: 'kind' },
                  { title: 'Memo', dataIndex: 'memo' },
                  { title: 'Amount', align: 'right', render: (_, e) => amount(e.amount, e.currency) },
                  { title: 'Balance after', align: 'right', render: (_, e) => amount(e.balance_after, e.currency) },
                ]}
              />
            ),
          },
          {
            key: 'orders',
            label: 'Orders',
            children: (
              <Table
                rowKey="order_no"
                size="small"
                pagination={{ pageSize: 20 }}
                dataSource={d.data.orders}
                columns={[
                  { title: 'Order', render: (_, o) => <Link to={`/ops/orders/${o.order_no}`}>{o.order_no}</Link> },
                  { title: 'Status', dataIndex: 'status' },
                  { title: 'Paid', align: 'right', render: (_, o) => amount(o.amount, o.currency) },
                  { title: 'Quote', align: 'right', render: (_, o) => amount(o.quote, o.currency) },
                  { title: 'When', render: (_, o) => when(o.created_at) },
                ]}
              />
            ),
          },
          {
            key: 'withdrawals',
            label: 'Withdrawals',
            children: (
              <Table
                rowKey="withdraw_no"
                size="small"
                pagination={{ pageSize: 20 }}
                dataSource={d.data.withdrawals}
                columns={[
                  { title: 'Withdrawal', dataIndex: 'withdraw_no' },
                  { title: 'Status', dataIndex: 'status' },
                  { title: 'Amount', align: 'right', render: (_, w) => amount(w.amount, w.currency) },
                  { title: 'To', render: (_, w) => `${w.method} ${w.account_no}` },
                  { title: 'Failed because', dataIndex: 'fail_reason' },
                  { title: 'When', render: (_, w) => when(w.created_at) },
                ]}
              />
            ),
          },
          {
            key: 'sessions',
            label: 'Sessions',
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={d.data.sessions}
                columns={[
                  { title: 'Opened', render: (_, s) => when(s.created_at) },
                  { title: 'Last seen', render: (_, s) => when(s.last_seen_at) },
                  { title: 'Ended', render: (_, s) => when(s.revoked_at) },
                  { title: 'IP', dataIndex: 'ip' },
                  { title: 'Device', dataIndex: 'user_agent' },
                ]}
              />
            ),
          },
          {
            key: 'security',
            label: 'Security events',
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={d.data.security_events}
                columns={[
                  { title: 'When', render: (_, s) => when(s.created_at) },
                  { title: 'What', dataIndex: 'title' },
                  { title: 'Detail', dataIndex: 'content' },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
