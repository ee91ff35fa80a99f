import { Alert, Button, Descriptions, Image, Space, Table, Tag, Timeline } from 'antd';
import { Link, useParams } from '@giftlane/shared-sdk/router';
import { amount, ops, staffSession, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

type Line = OpsReply<'GET /ops/api/appeals/:appeal_no'>['order']['lines'][number];

/**
 * One appeal: the evidence of each failed card, the seller's note and photos, the original decision; take it,
 * uphold it with a reason or overturn it (the difference at the locked quote is credited once).
 */
export default function AppealPage() {
  const ask = useAsk();
  const { appealNo = '' } = useParams();
  const req = useOps(() => ops().appeals.get(appealNo), `appeal:${appealNo}`);
  const { run, busy, notice } = useOutcome();
  const a = req.data;
  const me = staffSession.get()?.id;
  const take = () =>
    run(async () => {
      await ops().appeals.take(appealNo);
      req.reload();
      return 'Taken: the appeal is yours to answer.';
    });
  const resolve = async (outcome: 'upheld' | 'overturned') => {
    const reason =
      outcome === 'upheld'
        ? await ask('Uphold the decision', 'The reason the seller is shown', 'Uphold')
        : await ask('Overturn the decision', 'Note for the seller (optional)', 'Overturn and credit');
    if (reason === null) return;
    await run(async () => {
      const r = await ops().appeals.resolve(appealNo, { outcome, reason });
      req.reload();
      return outcome === 'upheld'
        ? 'Upheld; the seller is told why.'
        : `Overturned: ${amount(r.credit_amount, r.currency)} credited to the seller.`;
    });
  };
  return (
    <>
      <PageTitle tab={`Appeal ${appealNo}`}>Appeal {appealNo}</PageTitle>
      <Link to="/ops/appeals">All appeals</Link>
      {notice}
      {req.error && <Alert type="error" showIcon title={req.error} />}
      {a && (
        <Space orientation="vertical" size="large" style={{ width: '100%', marginTop: 12 }}>
          {a.decided_by === me && (
            <Alert
              type="warning"
              showIcon
              title="You decided this order: another staff member must answer its appeal."
            />
          )}
          <Descriptions bordered size="small" column={2} title="Appeal">
            <Descriptions.Item label="Status">
              <Tag color={a.status === 'overturned' ? 'green' : a.status === 'upheld' ? 'orange' : 'blue'}>
                {a.status}
              </Tag>
              {a.breached && <Tag color="red">Clock breached</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="Order">
              <Link to={`/ops/orders/${a.order_no}`}>{a.order_no}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="Opened">{when(a.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Due">{when(a.due_at)}</Descriptions.Item>
            <Descriptions.Item label="Decided by">
              {a.decided_by_name}, {when(a.decided_at)}
            </Descriptions.Item>
            <Descriptions.Item label="Taken by">{a.assigned_to_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Seller's note" span={2}>
              <span data-testid="appeal-note">{a.note}</span>
            </Descriptions.Item>
            <Descriptions.Item label={a.status === 'open' ? 'An overturn credits' : 'Credited'} span={2}>
              <strong data-testid="overturn-amount">
                {amount(a.status === 'open' ? a.overturn_amount : a.credit_amount, a.currency)}
              </strong>{' '}
              (the failed cards at the locked quote {amount(a.order.quote_total, a.currency)}, less{' '}
              {amount(a.order.amount, a.currency)} paid)
            </Descriptions.Item>
            {a.resolution ? (
              <Descriptions.Item label="Resolution" span={2}>
                {a.resolution}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {a.images.length > 0 && (
            <div>
              <h2 className="ops-h2">Seller's photos</h2>
              <Image.PreviewGroup>
                <Space wrap>
                  {a.images.map((src, i) => (
                    <Image key={src} src={src} width={160} alt={`Seller's appeal photo ${i + 1}`} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </div>
          )}
          <div>
            <h2 className="ops-h2">Evidence of the decision</h2>
            {a.failed_cards.map((c) => (
              <Descriptions key={c.seq} bordered size="small" column={1} style={{ marginBottom: 8 }}>
                <Descriptions.Item label={`Card ${c.seq}`}>
                  {c.reason}
                  {c.code ? ` — ${c.code}` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="Reviewer's note">{c.reviewer_note || '—'}</Descriptions.Item>
                <Descriptions.Item label="Proof">
                  <Image.PreviewGroup>
                    <Space wrap>
                      {c.proof_images.map((src, i) => (
                        <Image key={src} src={src} width={120} alt={`Proof ${i + 1} for card ${c.seq}`} />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                </Descriptions.Item>
              </Descriptions>
            ))}
          </div>
          <div>
            <h2 className="ops-h2">Original decision</h2>
            <Table<Line>
              rowKey="seq"
              size="small"
              pagination={false}
              dataSource={a.order.lines}
              columns={[
                { title: '#', dataIndex: 'seq' },
                { title: 'Card', render: (_, l) => l.card_name || '—' },
                { title: 'Result', dataIndex: 'status' },
                { title: 'Amount', render: (_, l) => amount(l.amount, a.currency) },
                { title: 'Reason', dataIndex: 'fail_reason' },
              ]}
            />
            <Timeline
              style={{ marginTop: 12 }}
              items={a.order.timeline.map((e) => ({ content: `${when(e.created_at)} — ${e.status}: ${e.note}` }))}
            />
          </div>
          {a.status === 'open' && a.decided_by !== me && (
            <Space>
              {a.assigned_to === null && (
                <Button disabled={busy} onClick={() => void take()}>
                  Take
                </Button>
              )}
              <Button type="primary" disabled={busy} onClick={() => void resolve('overturned')}>
                Overturn and credit
              </Button>
              <Button danger disabled={busy} onClick={() => void resolve('upheld')}>
                Uphold
              </Button>
            </Space>
          )}
        </Space>
      )}
    </>
  );
}
