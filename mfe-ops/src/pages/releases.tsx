import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useData } from '@giftlane/shared-sdk';
import type { ReleaseApp, ReleaseDashboard, ReleaseHistoryLine } from '@giftlane/shared-sdk/ops/replies';
import { ops as getOps, when } from '../lib/api';
import { useAsk } from '../lib/prompt';
import { useOutcome } from '../lib/use-outcome';
import { PageTitle } from '../lib/page';

type Health = ReleaseApp['last_hour'][number];
type Run = ReturnType<typeof useOutcome>['run'];

const WHY = 'Why? (kept in the audit log and the release history)';
const rate = (r: number) => `${(r * 100).toFixed(r < 0.1 ? 2 : 1)} %`;
const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`);

const NOT_CONFIGURED =
  'This api was started without a release store, so the console can neither show nor change releases. ' +
  'Use the release command line (RELEASING.md), or start the api with release control.';

/** Why a change was made, and the gate problems a forced one overrode. */
const whyOf = (h: ReleaseHistoryLine) =>
  h.forced ? `${h.why ?? ''} (forced past the gate: ${h.forced.join('; ')})` : (h.why ?? '—');

/** One history line in words: what changed, from what to what. */
export function describeChange(h: ReleaseHistoryLine): string {
  if (h.action === 'canary') return `canary ${h.to} at ${h.percent} %${h.from ? ` (replaced canary ${h.from})` : ''}`;
  if (h.action === 'canary-drop') return `dropped canary ${h.from} (stays on ${h.to})`;
  return `${h.action} ${h.from ?? '(none)'} → ${h.to}`;
}

/**
 * The release dashboard: for each app of the environment this site serves, the live
 * and canary versions with their shares, the last hour of client telemetry per version, the
 * history; promote, canary, roll back and drop a canary from here (each asks why; the compatibility
 * gate applies as on the command line). The canary check's halts of the last day are on top.
 */
export default function ReleasesPage() {
  const state = useData<ReleaseDashboard>(() => getOps().releases.dashboard(), []);
  const { run, busy, notice } = useOutcome();
  const reload = state.retry;
  // The look again after "Check canaries now": one at a time, and none once the page is left.
  const lookAgain = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(lookAgain.current), []);
  if (state.status === 'loading') return <Typography.Paragraph>Loading…</Typography.Paragraph>;
  if (state.status === 'error') {
    return (
      <Alert
        type="error"
        showIcon
        title={(state.error as Error).message}
        action={<Button onClick={reload}>Retry</Button>}
      />
    );
  }
  const d = state.data;
  const s = d.settings;
  const checkNow = () =>
    run(async () => {
      await getOps().releases.check();
      // The check runs on the job queue, in a moment: look again once it has had the time.
      clearTimeout(lookAgain.current);
      lookAgain.current = setTimeout(reload, 2000);
      return 'The canary check is running: a halt or a promotion shows here in a moment (Refresh to look again).';
    });
  return (
    <>
      <PageTitle>Releases</PageTitle>
      {d.halts.map((h) => (
        <Alert
          key={`${String(h.at)}${h.app}`}
          type="warning"
          showIcon
          className="ops-gap"
          role="alert"
          title={`Canary halted automatically: ${h.app} ${h.version} in ${h.env}, ${when(h.at)}`}
          description={h.reason}
        />
      ))}
      {!d.configured ? (
        <Alert type="info" showIcon title="Release control is not configured" description={NOT_CONFIGURED} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Canary check: {s.check ? `every ${s.interval_s} s` : 'off'}. A canary is halted when its error rate since it
            started is at least {s.halt_ratio} × the stable version’s, with at least {s.min_errors} errors in{' '}
            {s.min_loads} page loads; one marked “promote when healthy” is promoted after {s.healthy_minutes} minutes.{' '}
            <Button size="small" disabled={busy || !s.check} onClick={() => void checkNow()}>
              Check canaries now
            </Button>{' '}
            <Button size="small" onClick={reload}>
              Refresh
            </Button>
          </Typography.Paragraph>
          {notice}
          {d.envs.map((e) => (
            <section key={e.env} aria-label={`Environment ${e.env}`}>
              <Typography.Title level={2}>
                {e.env} <span className="ops-muted">revision {e.revision}</span>
              </Typography.Title>
              {e.apps.map((a) => (
                <AppCard key={a.app} env={e.env} app={a} busy={busy} run={run} reload={reload} />
              ))}
            </section>
          ))}
        </>
      )}
    </>
  );
}

interface AppCardProps {
  env: string;
  app: ReleaseApp;
  busy: boolean;
  run: Run;
  reload: () => void;
}

function AppCard({ env, app: a, busy, run, reload }: AppCardProps) {
  const ask = useAsk();
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [percent, setPercent] = useState<number | null>(10);
  const [promoteWhenHealthy, setPromoteWhenHealthy] = useState(false);
  const releases = getOps().releases;
  type Outcome = { changed: boolean; note?: string } | void;
  const act = async (title: string, okText: string, fn: (why: string) => Promise<Outcome>) => {
    const why = await ask(title, WHY, okText);
    if (why === null) return;
    await run(async () => {
      const out = await fn(why);
      reload();
      return out && !out.changed ? (out.note ?? 'Nothing changed.') : `${title}: done.`;
    });
  };
  const role = (v: string) => {
    if (v === a.live.version) return <Tag color="green">live</Tag>;
    return v === a.canary?.version ? <Tag color="orange">canary</Tag> : <Tag>earlier</Tag>;
  };
  const where = { env, app: a.app };
  const promote = () =>
    act(`Promote ${a.app} ${version}`, 'Promote', (why) => releases.promote({ ...where, version: version!, why }));
  const canary = () =>
    act(`Canary ${a.app} ${version} at ${percent} %`, 'Start canary', (why) =>
      releases.canary({
        ...where,
        version: version!,
        percent: percent!,
        why,
        promote_when_healthy: promoteWhenHealthy,
      }),
    );
  const rollback = () =>
    act(`Roll back ${a.app}${version ? ` to ${version}` : ''}`, 'Roll back', (why) =>
      releases.rollback({ ...where, why, ...(version ? { version } : {}) }),
    );
  const drop = () => act(`Drop the canary of ${a.app}`, 'Drop canary', (why) => releases.drop({ ...where, why }));
  const asked = a.canary?.promote_when_healthy;
  return (
    <Card className="ops-gap" title={a.app} aria-label={`Release of ${a.app}`}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Live">
          {a.live.version} ({a.live.share} % of devices)
        </Descriptions.Item>
        <Descriptions.Item label="Canary">
          {a.canary ? (
            <span>
              {a.canary.version} ({a.canary.share} % of devices) since {when(a.canary.since)}
              {asked && <Tag className="ops-tag-gap">promoted when healthy (asked by {asked.by})</Tag>}
            </span>
          ) : (
            'none'
          )}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap className="ops-gap">
        <Select
          aria-label={`Version of ${a.app}`}
          placeholder="Published version"
          style={{ minWidth: 240 }}
          value={version}
          onChange={setVersion}
          options={a.published.map((v) => ({ value: v, label: v }))}
        />
        <Button disabled={busy || !version} onClick={() => void promote()}>
          Promote
        </Button>
        <InputNumber
          aria-label={`Canary share of ${a.app} (%)`}
          min={1}
          max={100}
          value={percent}
          onChange={setPercent}
          suffix="%"
          style={{ width: 110 }}
        />
        <Checkbox checked={promoteWhenHealthy} onChange={(e) => setPromoteWhenHealthy(e.target.checked)}>
          Promote when healthy
        </Checkbox>
        <Button disabled={busy || !version || !percent} onClick={() => void canary()}>
          Canary
        </Button>
        <Button disabled={busy} onClick={() => void rollback()}>
          Roll back
        </Button>
        {a.canary && (
          <Button danger disabled={busy} onClick={() => void drop()}>
            Drop canary
          </Button>
        )}
      </Space>
      <Typography.Title level={3} className="ops-h3">
        Last hour, per version
      </Typography.Title>
      <div className="ops-wide">
        <Table<Health>
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={a.last_hour}
          locale={{ emptyText: 'No client telemetry in the last hour' }}
          columns={[
            {
              title: 'Version',
              render: (_, h) => (
                <span>
                  {h.version} {role(h.version)}
                </span>
              ),
            },
            { title: 'Page loads', dataIndex: 'loads' },
            { title: 'Errors', dataIndex: 'errors' },
            { title: 'Error rate', render: (_, h) => rate(h.error_rate) },
            { title: 'Remote load failures', dataIndex: 'remote_failures' },
            { title: 'Failed /gc calls', dataIndex: 'gc_failures' },
            { title: 'LCP p75', render: (_, h) => ms(h.lcp_p75) },
            { title: 'CLS p75', render: (_, h) => (h.cls_p75 === null ? '—' : h.cls_p75.toFixed(3)) },
            { title: 'INP p75', render: (_, h) => ms(h.inp_p75) },
          ]}
        />
      </div>
      <Typography.Title level={3} className="ops-h3">
        History
      </Typography.Title>
      <div className="ops-wide">
        <Table<ReleaseHistoryLine>
          rowKey={(h) => `${h.at}${h.action}${h.to ?? ''}`}
          size="small"
          pagination={{ pageSize: 5, hideOnSinglePage: true }}
          dataSource={a.history}
          locale={{ emptyText: 'No changes yet' }}
          columns={[
            { title: 'When', render: (_, h) => when(h.at) },
            { title: 'Change', render: (_, h) => describeChange(h) },
            { title: 'By', dataIndex: 'by' },
            { title: 'Why', render: (_, h) => whyOf(h) },
          ]}
        />
      </div>
    </Card>
  );
}
