import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

export type Rail = OpsReply<'GET /ops/api/rails'>[number];

/** The most a message may be (the api refuses more). */
export const RAIL_MESSAGE_MAX = 300;

const METHOD: Record<Rail['method'], string> = { BANK: 'Bank transfer', MOMO: 'Mobile money', USDT: 'USDT' };

/**
 * Payout rails: finance (or an admin) marks one delayed with a message that sellers read on the
 * public /status page and in the withdraw form for that rail, and clears it when payouts flow
 * again. Every mark and clear is audited. A rail is also shown delayed on /status, without a
 * message from here, when its payouts wait longer than the promised time.
 */
export default function RailsPage() {
  const list = useOps(() => ops().rails.list(), 'rails');
  const { run, busy, notice } = useOutcome();
  const [editing, setEditing] = useState<Rail | null>(null);
  const [form] = Form.useForm<{ message: string; reason: string }>();

  const open = (r: Rail) => setEditing(r);
  const save = async () => {
    const rail = editing!;
    // A field that fails its rule says so under itself; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { message, reason = '' } = values;
    setEditing(null);
    await run(async () => {
      await ops().rails.mark(rail.code, { message: message.trim(), reason: reason.trim() });
      list.reload();
      return `${rail.name} is marked delayed: sellers see your message on /status and in the withdraw form.`;
    });
  };
  const clear = (r: Rail) =>
    run(async () => {
      await ops().rails.mark(r.code, { message: '' });
      list.reload();
      return `${r.name} is back to paying normally.`;
    });

  return (
    <>
      <PageTitle>Payout rails</PageTitle>
      <Typography.Paragraph type="secondary">
        Mark a rail delayed when its payouts are slow (a bank’s outage, a network’s maintenance): your message is shown
        on the public status page and in the withdraw form of every seller paying out on it. Clear it when payouts flow
        again.
      </Typography.Paragraph>
      {notice}
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<Rail>
        rowKey="code"
        size="small"
        loading={list.loading}
        pagination={false}
        dataSource={list.data ?? []}
        columns={[
          { title: 'Rail', render: (_, r) => <strong>{r.name}</strong> },
          { title: 'Kind', render: (_, r) => METHOD[r.method] },
          {
            title: 'Status',
            render: (_, r) =>
              r.delay_message ? (
                <Space orientation="vertical" size={2}>
                  <Tag color="orange">Delayed</Tag>
                  <span>{r.delay_message}</span>
                  <Typography.Text type="secondary">since {when(r.marked_at)}</Typography.Text>
                </Space>
              ) : (
                <Tag color="green">Normal</Tag>
              ),
          },
          {
            title: 'Action',
            render: (_, r) => (
              <Space>
                {/* Named by the visible words first, then the rail (a voice user says what they see). */}
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => open(r)}
                  aria-label={`${r.delay_message ? 'Edit message' : 'Mark delayed'}: ${r.name}`}
                >
                  {r.delay_message ? 'Edit message' : 'Mark delayed'}
                </Button>
                {r.delay_message && (
                  <Button size="small" disabled={busy} onClick={() => void clear(r)} aria-label={`Clear: ${r.name}`}>
                    Clear
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `Mark ${editing.name} delayed` : ''}
        okText="Save and show to sellers"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          key={editing?.code}
          initialValues={{ message: editing?.delay_message ?? '', reason: '' }}
        >
          <Form.Item
            name="message"
            label="Message sellers read"
            rules={[
              { required: true, whitespace: true, message: 'Say what is happening and when payouts should resume' },
              { max: RAIL_MESSAGE_MAX, message: `At most ${RAIL_MESSAGE_MAX} characters` },
            ]}
          >
            <Input.TextArea rows={3} maxLength={RAIL_MESSAGE_MAX} showCount />
          </Form.Item>
          <Form.Item name="reason" label="Reason (kept in the audit log)">
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
