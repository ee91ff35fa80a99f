import { screen } from '@testing-library/react';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import type { Role } from '../../lib/api';
import { renderArea, renderPage } from '../../test/render';
import QueuePage from '../../pages/queue';
import { AREAS, areaHref } from '../areas';
import { gated } from '../gate';

const ROLES: Role[] = ['admin', 'reviewer', 'finance', 'release_manager'];

/** A page that says it mounted: what a gated area shows a role it lets in. */
const Mounted = () => <p>page mounted</p>;

describe('console areas', () => {
  test('a release manager opening /ops lands on the release dashboard, not a queue they may not open', async () => {
    const t = testOps({}, { staff: { role: 'release_manager' } });
    renderArea(QueuePage);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/ops/releases');
    expect(t.calls).toHaveLength(0);
  });

  test('finance opening /ops lands on its first area, cases, and the queue is never asked for', async () => {
    const t = testOps({}, { staff: { role: 'finance' } });
    renderArea(QueuePage);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/ops/cases');
    expect(t.calls).toHaveLength(0);
  });

  test('a reviewer opening /ops gets the review queue', async () => {
    testOps(
      { 'GET /ops/api/orders/queue': { fail_reasons: {}, brands: [], orders: [] } },
      { staff: { role: 'reviewer' } },
    );
    renderArea(QueuePage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review queue' })).toBeInTheDocument();
  });

  // Every area against every role: the page mounts (so it may ask the api) only for the roles of its row, and an
  // admin opens every one.
  const cases = AREAS.filter((a) => a.path !== '').flatMap((a) => ROLES.map((role) => [areaHref(a), role] as const));
  test.each(cases)('%s as %s', (href, role) => {
    testOps({}, { staff: { role } });
    const area = AREAS.find((a) => areaHref(a) === href)!;
    const { unmount } = renderPage(gated(area, Mounted), href.replace(/:\w+/g, '1'), href);
    const opens = role === 'admin' || area.roles.includes(role);
    expect(screen.queryByText('page mounted') !== null).toBe(opens);
    expect(screen.queryByText('Your role cannot open this area.') !== null).toBe(!opens);
    unmount();
  });
});
