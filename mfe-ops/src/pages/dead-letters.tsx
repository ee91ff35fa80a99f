import { Alert, Button, Table, Typography } from 'antd';
import { ops, staffSession, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

export type DeadLetter = OpsReply<'GET /ops/api/dead-letters'>[number];

const KIND: Record<string, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  push: 'Push',
  rate_apply: 'Rate change',
  push_scan: 'Push scan',
};

/**
 * Dead letters: messages and background jobs that failed every attempt — an e-mail,
 * WhatsApp or push message whose provider kept failing, most often. What, to whom (masked), how many
 * attempts, the last error and when; an admin sends one again once the provider is back (audited).
 */
export default function DeadLettersPage() {
  const ask = useAsk();
  const list = useOps(() => ops().deadLetters.list(), 'dead-letters');
  const isAdmin = staffSession.get()?.role === 'admin';
  const { run, busy, notice } = useOutcome();
  const retry = async (d: DeadLetter) => {
    const reason = await ask(
      `Send again: ${KIND[d.kind] ?? d.kind}${d.recipient ? ` to ${d.recipient}` : ''}`,
      'Reason (kept in the audit log)',
      'Send again',
    );
    if (reason === null) return;
    await run(async () => {
      await ops().deadLetters.retry(d.id, { reason });
      list.reload();
      return 'Put back in the queue: it is sent in a moment.';
    });
  };
  return (
    <>
      <PageTitle>Dead letters</PageTitle>
      <Typography.Paragraph type="secondary">
        Messages and jobs that failed every attempt. Verification codes are not sent again (they would be stale): the
        seller asks for a new one.
      </Typography.Paragraph>
      {notice}
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<DeadLetter>
        rowKey="id"
        size="small"
        loading={list.loading}
        pagination={{ pageSize: 50 }}
        dataSource={list.data ?? []}
        locale={{ emptyText: 'Nothing failed: every message went out' }}
        columns={[
          { title: 'Failed', render: (_, d) => when(d.failed_at) },
          { title: 'What', render: (_, d) => KIND[d.kind] ?? d.kind },
          { title: 'To', render: (_, d) => d.recipient ?? '—' },
          { title: 'Subject', render: (_, d) => d.subject ?? '—' },
          { title: 'Attempts', dataIndex: 'attempts' },
          { title: 'Last error', dataIndex: 'last_error' },
          ...(isAdmin
            ? [
                {
                  title: 'Action',
                  render: (_: unknown, d: DeadLetter) => (
                    <Button size="small" disabled={busy} onClick={() => void retry(d)}>
                      Send again
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
