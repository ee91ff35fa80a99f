import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Image, Input, Select, Space, Tag, Timeline, Typography } from 'antd';
import { Link, useParams } from '@giftlane/shared-sdk/router';
import { ops, staffSession, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';
import { ClockTag } from './parts/case-clock';

type Case = OpsReply<'GET /ops/api/cases/:case_no'>;

/** Photos for a reply: each up through an upload link the api made for this case, then their public URLs. */
async function uploadPhotos(caseNo: string, files: File[]): Promise<string[]> {
  if (!files.length) return [];
  const links = await ops().cases.photoLinks(caseNo, { count: files.length });
  await Promise.all(
    links.map(async (l, i) => {
      const f = files[i]!;
      const res = await fetch(l.url, { method: 'PUT', body: f, headers: { 'Content-Type': f.type } });
      if (!res.ok) {
        const msg = ((await res.json().catch(() => ({}))) as { msg?: string }).msg;
        throw new Error(`${f.name}: ${msg || 'the photo could not be uploaded'}`);
      }
    }),
  );
  return links.map((l) => l.public_url);
}

/** One case: the seller's messages and photos, the clocks, the owner; reply, assign, solve. */
export default function CasePage() {
  const { caseNo = '' } = useParams();
  const loaded = useOps(() => ops().cases.get(caseNo), `case:${caseNo}`);
  const [fresh, setFresh] = useState<Case | null>(null);
  const c = fresh?.case_no === caseNo ? fresh : loaded.data;
  const { run, busy, notice } = useOutcome();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [resolution, setResolution] = useState('');
  const [owner, setOwner] = useState<number>();
  const me = staffSession.get();

  if (loaded.error || !c)
    return (
      <>
        <PageTitle tab={`Case ${caseNo}`}>Case {caseNo}</PageTitle>
        {loaded.error ? <Alert type="error" showIcon title={loaded.error} /> : <p>Loading…</p>}
      </>
    );
  const solved = c.status === 'solved';
  const reply = () =>
    run(async () => {
      const photos = await uploadPhotos(c.case_no, files);
      setFresh(await ops().cases.reply(c.case_no, { message, photos }));
      setMessage('');
      setFiles([]);
      return c.user_id ? 'Sent: the seller is told in the app and by message.' : 'Sent by e-mail to the visitor.';
    });
  const assign = (ownerId?: number) =>
    run(async () => {
      const next = await ops().cases.assign(c.case_no, ownerId ? { owner_id: ownerId } : {});
      setFresh(next);
      return `${next.owner_name} owns the case.`;
    });
  const solve = () =>
    run(async () => {
      setFresh(await ops().cases.solve(c.case_no, { resolution }));
      setResolution('');
      return 'Solved: the seller is told the resolution.';
    });

  return (
    <>
      <PageTitle tab={`Case ${c.case_no}`}>Case {c.case_no}</PageTitle>
      <Space wrap className="ops-gap">
        <Tag>{c.status_text}</Tag>
        <span>
          First reply: <ClockTag clock={c.first_response} />
        </span>
        <span>
          Resolution: <ClockTag clock={c.resolution} />
        </span>
        <Link to="/ops/cases">Back to the queue</Link>
      </Space>
      {notice}
      <Descriptions column={2} size="small" bordered className="ops-gap">
        <Descriptions.Item label="About">
          {c.order_no ? (
            <Link to={`/ops/orders/${c.order_no}`}>Order {c.order_no}</Link>
          ) : c.withdraw_no ? (
            `Withdrawal ${c.withdraw_no}`
          ) : (
            c.subject || 'Other'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Seller">
          {c.user_id ? <Link to={`/ops/users/${c.user_id}`}>{c.seller}</Link> : `${c.guest_email} (visitor, by e-mail)`}
        </Descriptions.Item>
        <Descriptions.Item label="Owner">{c.owner_name ?? 'Nobody yet'}</Descriptions.Item>
        <Descriptions.Item label="Opened">{when(c.created_at)}</Descriptions.Item>
        {solved && <Descriptions.Item label="Resolution">{c.resolution_text}</Descriptions.Item>}
      </Descriptions>
      <div className="ops-case">
        <Card title="Messages" size="small">
          <ol className="ops-case__messages" aria-label="Messages">
            {c.messages.map((m) => (
              <li key={m.id} className={m.from === 'staff' ? 'ops-case__msg ops-case__msg--us' : 'ops-case__msg'}>
                <Typography.Text type="secondary">
                  <strong>{m.name}</strong> · {when(m.created_at)}
                </Typography.Text>
                {m.body && <p className="ops-case__body">{m.body}</p>}
                {m.images.length > 0 && (
                  <Image.PreviewGroup>
                    <Space wrap>
                      {m.images.map((src, i) => (
                        <Image key={src} src={src} width={96} height={96} alt={`Photo ${i + 1} from ${m.name}`} />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                )}
              </li>
            ))}
          </ol>
          {!solved && (
            <section aria-label="Reply" className="ops-gap">
              <Input.TextArea
                aria-label="Reply to the seller"
                rows={4}
                maxLength={2000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
              <Space wrap className="ops-gap">
                <input
                  type="file"
                  accept="image/jpeg,image/png"
                  multiple
                  aria-label="Photos for the reply"
                  disabled={!c.user_id}
                  onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
                />
                <Button type="primary" onClick={reply} loading={busy} disabled={!message.trim() && !files.length}>
                  Send reply
                </Button>
              </Space>
            </section>
          )}
        </Card>
        <div>
          <Card title="Owner" size="small" className="ops-gap">
            <Space wrap>
              {c.owner_id !== me?.id && (
                <Button onClick={() => assign()} disabled={busy}>
                  Take it
                </Button>
              )}
              <Select
                aria-label="Give the case to"
                style={{ minWidth: 180 }}
                placeholder="Give to…"
                value={owner}
                onChange={setOwner}
                options={c.staff.map((s) => ({ value: s.id, label: s.name }))}
              />
              <Button onClick={() => owner && assign(owner)} disabled={!owner || busy}>
                Assign
              </Button>
            </Space>
          </Card>
          {!solved && (
            <Card title="Solve" size="small" className="ops-gap">
              <Input.TextArea
                aria-label="Resolution for the seller"
                rows={3}
                maxLength={2000}
                value={resolution}
                onChange={(e) => setResolution(e.target.value)}
              />
              <Button className="ops-gap" onClick={solve} disabled={!resolution.trim() || busy}>
                Solve the case
              </Button>
            </Card>
          )}
          <Card title="Timeline" size="small">
            <Timeline
              items={c.timeline.map((e) => ({
                content: `${when(e.created_at)} — ${e.text}${e.kind === 'assigned' ? ` to ${e.note}` : ''}${
                  e.staff ? ` (by ${e.staff})` : ''
                }`,
              }))}
            />
          </Card>
        </div>
      </div>
    </>
  );
}
