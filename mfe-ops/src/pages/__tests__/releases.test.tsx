import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import type { ReleaseDashboard } from '@giftlane/shared-sdk/ops/replies';
import { staffSession } from '../../lib/api';
import { renderArea, renderPage } from '../../test/render';
import ReleasesPage from '../releases';

const settings = { halt_ratio: 2, min_errors: 20, min_loads: 200, healthy_minutes: 60, interval_s: 60, check: true };
const reason =
  'canary halted automatically: canary 30 errors in 50 page loads (60.0 %), stable 5 in 500 (1.00 %): ' +
  '60.0 times the stable rate, the limit is 2';
const AT = '2026-11-26T07:30:00.000Z';
const WHY = 'Why? (kept in the audit log and the release history)';

type Ms = number | null;
const vitals = (lcp_p75: Ms, cls_p75: Ms, inp_p75: Ms) => ({ lcp_p75, cls_p75, inp_p75 });
const counts = (loads: number, errors: number, remote_failures: number, gc_failures: number) => ({
  loads,
  errors,
  error_rate: errors / loads,
  remote_failures,
  gc_failures,
});

const dashboard: ReleaseDashboard = {
  configured: true,
  settings,
  halts: [{ at: '2026-11-26T08:00:00.000Z', env: 'production', app: 'mfe-public', version: '0.1.0+bad', reason }],
  envs: [
    {
      env: 'production',
      revision: 12,
      updated_at: '2026-11-26T08:00:00.000Z',
      apps: [
        {
          app: 'mfe-account',
          live: { version: '0.1.0+a1', share: 90 },
          canary: {
            version: '0.1.0+a2',
            percent: 10,
            share: 10,
            since: AT,
            promote_when_healthy: { by: 'Rae', at: AT },
          },
          last_hour: [
            { version: '0.1.0+a1', ...counts(900, 9, 1, 4), ...vitals(1840, 0.02, 120) },
            { version: '0.1.0+a2', ...counts(100, 3, 0, 1), ...vitals(null, null, null) },
          ],
          history: [
            {
              at: AT,
              by: 'Rae <rae@ops.test> (console)',
              app: 'mfe-account',
              action: 'canary',
              to: '0.1.0+a2',
              percent: 10,
              why: 'new sell form',
            },
          ],
          published: ['0.1.0+a2', '0.1.0+a1'],
        },
      ],
    },
  ],
};

/** The release dashboard: versions and shares, the last hour per version, the history, the halts; changes ask why. */
describe('releases page', () => {
  jest.setTimeout(30_000);
  afterEach(() => staffSession.set(null));

  test('shows live and canary with shares, the figures per version, the history, a halt and why', async () => {
    testOps({ 'GET /ops/api/releases': dashboard }, { staff: { role: 'release_manager', name: 'Rae' } });
    renderPage(ReleasesPage);
    const card = await screen.findByLabelText('Release of mfe-account');
    expect(within(card).getByText('0.1.0+a1 (90 % of devices)')).toBeTruthy();
    expect(within(card).getByText(/0\.1\.0\+a2 \(10 % of devices\) since/)).toBeTruthy();
    expect(within(card).getByText('promoted when healthy (asked by Rae)')).toBeTruthy();
    const canaryRow = within(card)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('100'))!;
    expect(within(canaryRow).getByText('3.00 %')).toBeTruthy();
    expect(within(card).getByText('1840 ms')).toBeTruthy();
    expect(within(card).getByText('canary 0.1.0+a2 at 10 %')).toBeTruthy();
    expect(within(card).getByText('new sell form')).toBeTruthy();
    const halt = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Canary halted automatically'))!;
    expect(halt.textContent).toContain('mfe-public 0.1.0+bad in production');
    expect(halt.textContent).toContain(reason);
  });

  test('dropping the canary asks why and sends it with the environment and the app', async () => {
    const t = testOps(
      { 'GET /ops/api/releases': dashboard, 'POST /ops/api/releases/drop': { changed: true } },
      { staff: { role: 'release_manager' } },
    );
    renderPage(ReleasesPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Drop canary' }));
    await userEvent.type(await screen.findByLabelText(WHY), 'sellers see a blank page');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Drop canary' }));
    expect(await screen.findByText('Drop the canary of mfe-account: done.')).toBeTruthy();
    const sent = t.callsTo('POST /ops/api/releases/drop');
    expect(sent).toEqual([{ env: 'production', app: 'mfe-account', why: 'sellers see a blank page' }]);
  });

  test('"Check canaries now" starts the check and looks at the dashboard again a moment later', async () => {
    const t = testOps(
      { 'GET /ops/api/releases': dashboard, 'POST /ops/api/releases/check': {} },
      { staff: { role: 'release_manager' } },
    );
    renderPage(ReleasesPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Check canaries now' }));
    expect(await screen.findByText(/The canary check is running/)).toBeTruthy();
    expect(t.callsTo('POST /ops/api/releases/check')).toHaveLength(1);
    await waitFor(() => expect(t.callsTo('GET /ops/api/releases')).toHaveLength(2), { timeout: 5_000 });
  });

  test('without release control it says so; a reviewer is turned away', async () => {
    const empty = { configured: false, envs: [], halts: [], settings };
    testOps({ 'GET /ops/api/releases': empty }, { staff: { role: 'admin' } });
    const { unmount } = renderPage(ReleasesPage);
    expect(await screen.findByText('Release control is not configured')).toBeTruthy();
    unmount();
    const t = testOps({}, { staff: { role: 'reviewer' } });
    renderArea(ReleasesPage, '/ops/releases');
    expect(screen.getByText('Your role cannot open this area.')).toBeTruthy();
    expect(t.calls).toHaveLength(0);
  });
});
