import { useState } from 'react';
import { Alert, Button, Select, Space, Table, Tag } from 'antd';
import { amount, download, ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

type Withdrawal = OpsReply<'GET /ops/api/withdrawals'>[number];

/** Open withdrawals: send through the provider, export for a bank upload, settle paid or failed. */
export default function PayoutsPage() {
  const ask = useAsk();
  const list = useOps(() => ops().withdrawals.list(), 'withdrawals');
  const outcome = useOutcome();
  const [exp, setExp] = useState<{ currency: 'NGN' | 'GHS'; method: 'BANK' | 'MOMO' }>({
    currency: 'NGN',
    method: 'BANK',
  });
  const run = async (fn: () => Promise<string>) => {
    await outcome.run(fn);
    list.reload();
  };
  const settle = async (w: Withdrawal, outcome: 'paid' | 'failed') => {
    const text = await ask(
      outcome === 'paid'
        ? `Paid: ${amount(w.payout, w.currency)} to ${w.account_name}`
        : 'Failed: the funds go back to the seller',
      outcome === 'paid' ? 'Bank, mobile-money or chain reference' : 'Reason the seller sees',
      outcome === 'paid' ? 'Settle as paid' : 'Settle as failed',
    );
    if (text === null) return;
    await run(async () => {
      await ops().withdrawals.settle(
        w.withdraw_no,
        outcome === 'paid' ? { outcome, reference: text } : { outcome, reason: text },
      );
      return `${w.withdraw_no} settled as ${outcome}.`;
    });
  };
  return (
    <>
      <PageTitle>Payouts</PageTitle>
      <Space className="ops-gap" wrap>
        <Select
          aria-label="Export currency"
          value={exp.currency}
          onChange={(currency) => setExp((e) => ({ ...e, currency }))}
          options={[
            { value: 'NGN', label: 'NGN' },
            { value: 'GHS', label: 'GHS' },
          ]}
        />
        <Select
          aria-label="Export method"
          value={exp.method}
          onChange={(method) => setExp((e) => ({ ...e, method }))}
          options={[
            { value: 'BANK', label: 'Bank' },
            { value: 'MOMO', label: 'Mobile money' },
          ]}
        />
        <Button
          onClick={() =>
            void run(async () => {
              const csv = download(await ops().withdrawals.export(exp));
              const n = csv.trim().split('\r\n').length - 1;
              return n
                ? `Exported ${n} withdrawal(s) for the bank upload: they are now processing.`
                : 'Nothing pending to export.';
            })
          }
        >
          Export pending as CSV
        </Button>
      </Space>
      {outcome.notice}
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<Withdrawal>
        rowKey="withdraw_no"
        loading={list.loading}
        pagination={false}
        dataSource={list.data ?? []}
        locale={{ emptyText: 'No open withdrawals' }}
        columns={[
          {
            title: 'Withdrawal',
            render: (_, w) => (
              <>
                {w.withdraw_no}
                {w.user_frozen && <Tag color="red">frozen</Tag>}
                {w.user_unverified && <Tag color="orange">not verified</Tag>}
              </>
            ),
          },
          { title: 'To', render: (_, w) => `${w.account_name} · ${w.bank_name} ${w.account_no}` },
          { title: 'Pay', render: (_, w) => amount(w.payout, w.currency), align: 'right' },
          {
            title: 'Status',
            render: (_, w) => (
              <>
                {w.status_desc}
                {w.payout_channel && <Tag>{w.payout_channel}</Tag>}
              </>
            ),
          },
          { title: 'Asked', render: (_, w) => when(w.created_at) },
          {
            title: 'Action',
            render: (_, w) => (
              <Space>
                {w.status === 'pending' && w.method !== 'USDT' && (
                  <Button
                    onClick={() =>
                      void run(async () => {
                        const r = await ops().withdrawals.send(w.withdraw_no);
                        return r.note ?? `${w.withdraw_no} sent to the payout provider: ${r.status_desc}.`;
                      })
                    }
                  >
                    Send
                  </Button>
                )}
                <Button type="primary" onClick={() => void settle(w, 'paid')}>
                  Paid…
                </Button>
                <Button danger onClick={() => void settle(w, 'failed')}>
                  Failed…
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
