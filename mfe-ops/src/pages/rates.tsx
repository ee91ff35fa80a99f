import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Input, Space, Table } from 'antd';
import { ops, staffSession, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

type RateTable = OpsReply<'GET /ops/api/rates'>;
type Change = OpsReply<'GET /ops/api/rates/history'>[number];

/** A rate an admin may change: it holds the rate in force until they type another, and then says what it was. */
function RateField({
  label,
  now,
  value,
  onChange,
}: {
  label: string;
  now: string | undefined;
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const shown = value ?? now ?? '';
  const edited = value !== undefined && value.trim() !== (now ?? '');
  return (
    <div className={edited ? 'ops-rate is-edited' : 'ops-rate'}>
      <Input
        aria-label={label}
        value={shown}
        inputMode="decimal"
        onChange={(e) => onChange(e.target.value)}
        style={{ width: 110 }}
      />
      {edited && <div className="ops-muted ops-was">was {now ?? 'not set'}</div>}
    </div>
  );
}

/**
 * Every card's rate in each payout currency. Admins type new rates, say why and when (now, or a
 * date and time), and save them together; each change is kept with who, when and old → new.
 */
export default function RatesPage() {
  const table = useOps(() => ops().rates.list(), 'rates');
  const isAdmin = staffSession.get()?.role === 'admin';
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [at, setAt] = useState<string | null>(null);
  const { run, notice } = useOutcome();
  const [history, setHistory] = useState<number | null>(null);
  const [find, setFind] = useState('');
  const past = useOps(history ? () => ops().rates.history({ card_id: history }) : null, `history:${history}`);
  const currencies = table.data?.currencies ?? ['NGN', 'GHS', 'USDT'];
  const current = (key: string) => {
    const [card, cur] = key.split(':');
    return table.data?.cards.find((c) => c.card_id === Number(card))?.rates[cur!] ?? '';
  };
  // What the admin typed that differs from the rate in force: what Save sends.
  const changed = Object.entries(edits).filter(([k, v]) => v.trim() !== '' && v.trim() !== current(k));

  const save = async () => {
    const changes = changed.map(([k, rate]) => {
      const [card, currency] = k.split(':');
      return { card_id: Number(card), currency: currency as 'NGN' | 'GHS' | 'USDT', rate: rate.trim() };
    });
    await run(async () => {
      const r = await ops().rates.change({ changes, reason, ...(at ? { effective_at: at } : {}) });
      setEdits({});
      table.reload();
      return `${r.changes.length} rate(s) ${at ? `scheduled for ${when(at)}` : 'changed'}: ${r.changes
        .map((c) => `${c.old} ` + `→ ${c.new}`)
        .join(', ')}.`;
    });
  };
  const cancel = async (id: number) => {
    await run(async () => {
      await ops().rates.cancel(id, { reason: 'Cancelled from the console' });
      table.reload();
      return 'The scheduled change was cancelled.';
    });
  };
  const dirty = changed.length > 0;
  return (
    <>
      <PageTitle>Rates</PageTitle>
      {notice}
      {table.error && <Alert type="error" showIcon title={table.error} />}
      {isAdmin && (
        <Space className="ops-gap" wrap>
          <Input
            aria-label="Reason for the change"
            placeholder="Reason (kept in the history)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            style={{ width: 320 }}
          />
          <DatePicker
            showTime
            aria-label="Takes effect"
            placeholder="Takes effect now"
            onChange={(d) => setAt(d ? d.toISOString() : null)}
          />
          <Button type="primary" disabled={!dirty} onClick={() => void save()}>
            Save rates
          </Button>
        </Space>
      )}
      <Input.Search
        aria-label="Find a card"
        placeholder="Find a card: brand, currency, form"
        allowClear
        onChange={(e) => setFind(e.target.value.trim().toLowerCase())}
        style={{ maxWidth: 420 }}
        className="ops-gap"
      />
      {(table.data?.scheduled.length ?? 0) > 0 && (
        <Alert
          type="info"
          className="ops-gap"
          title="Scheduled changes"
          description={
            <ul>
              {table.data!.scheduled.map((s) => (
                <li key={s.id}>
                  Card {s.card_id}: {s.rate} {s.currency} from {when(s.effective_at)}{' '}
                  {isAdmin && (
                    <Button size="small" onClick={() => void cancel(s.id)}>
                      Cancel
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Table
        rowKey="card_id"
        size="small"
        loading={table.loading}
        pagination={{ pageSize: 50 }}
        dataSource={(table.data?.cards ?? []).filter((c) => !find || c.name.toLowerCase().includes(find))}
        columns={[
          { title: 'Card', dataIndex: 'name' },
          ...currencies.map((cur) => ({
            title: cur,
            render: (_: unknown, c: RateTable['cards'][number]) =>
              isAdmin ? (
                <RateField
                  label={`${c.name} ${cur}`}
                  now={c.rates[cur]}
                  value={edits[`${c.card_id}:${cur}`]}
                  onChange={(v) => setEdits((x) => ({ ...x, [`${c.card_id}:${cur}`]: v }))}
                />
              ) : (
                (c.rates[cur] ?? '—')
              ),
          })),
          {
            title: 'Action',
            render: (_: unknown, c: RateTable['cards'][number]) => (
              <Button size="small" onClick={() => setHistory(c.card_id)}>
                History
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={history !== null} onClose={() => setHistory(null)} title="Rate history" size="large">
        <Table<Change>
          rowKey="id"
          size="small"
          pagination={false}
          loading={past.loading}
          dataSource={past.data ?? []}
          locale={{ emptyText: 'No changes yet: the seeded rates apply' }}
          columns={[
            { title: 'Payout', dataIndex: 'currency' },
            { title: 'Old → new', render: (_, x) => `${x.old} → ${x.new}` },
            { title: 'From', render: (_, x) => (x.cancelled_at ? `cancelled` : when(x.effective_at)) },
            { title: 'By', dataIndex: 'by' },
            { title: 'Why', dataIndex: 'reason' },
          ]}
        />
      </Drawer>
    </>
  );
}
