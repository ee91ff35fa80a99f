import { useState } from 'react';
import { Alert, Segmented, Table, Tag, Typography } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import { ops, when, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { ClockTag } from './parts/case-clock';

type Row = OpsReply<'GET /ops/api/cases'>[number];
type View = 'open' | 'mine' | 'solved';

const ABOUT: Record<Row['about'], string> = { order: 'Order', withdrawal: 'Withdrawal', other: 'Other' };

/** The case queue: open cases, the clock due first leading (breached first, the oldest breach first). */
export default function CasesPage() {
  const [view, setView] = useState<View>('open');
  const list = useOps(
    () => ops().cases.list(view === 'solved' ? { solved: '1' } : view === 'mine' ? { mine: '1' } : {}),
    `cases:${view}`,
  );
  return (
    <>
      <PageTitle>Cases</PageTitle>
      <Typography.Paragraph type="secondary">
        One case per order or withdrawal, or a seller’s or visitor’s question. The clock due first leads: breached cases
        at the top, the oldest breach first. Opening a case is recorded in the audit log.
      </Typography.Paragraph>
      <Segmented<View>
        className="ops-gap"
        value={view}
        onChange={setView}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'mine', label: 'Mine' },
          { value: 'solved', label: 'Solved' },
        ]}
      />
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <Table<Row>
        rowKey="case_no"
        loading={list.loading}
        pagination={false}
        size="small"
        dataSource={list.data ?? []}
        locale={{ emptyText: view === 'solved' ? 'No solved case' : 'No open case' }}
        columns={[
          {
            title: 'Case',
            render: (_, c) => (
              <Link to={`/ops/cases/${c.case_no}`} style={{ whiteSpace: 'nowrap' }}>
                {c.case_no}
              </Link>
            ),
          },
          {
            title: 'About',
            render: (_, c) =>
              `${ABOUT[c.about]}${c.order_no ? ` ${c.order_no}` : c.withdraw_no ? ` ${c.withdraw_no}` : ''}${
                c.subject ? ` · ${c.subject}` : ''
              }`,
          },
          { title: 'Seller', render: (_, c) => (c.user_id ? c.seller : `${c.seller} (visitor)`) },
          { title: 'Status', render: (_, c) => <Tag>{c.status_text}</Tag> },
          { title: 'Owner', render: (_, c) => c.owner_name ?? '—' },
          { title: 'First reply', render: (_, c) => <ClockTag clock={c.first_response} /> },
          { title: 'Resolution', render: (_, c) => <ClockTag clock={c.resolution} /> },
          { title: 'Opened', render: (_, c) => when(c.created_at) },
        ]}
      />
    </>
  );
}
