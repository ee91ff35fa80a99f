import { screen } from '@testing-library/react';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import ConsoleHome from '../home';

describe('console home', () => {
  test('a release manager opening /ops lands on the release dashboard, not a queue they may not open', async () => {
    testOps({}, { staff: { role: 'release_manager' } });
    renderPage(ConsoleHome);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/ops/releases');
  });

  test('a reviewer opening /ops gets the review queue', async () => {
    testOps(
      { 'GET /ops/api/orders/queue': { fail_reasons: {}, brands: [], orders: [] } },
      { staff: { role: 'reviewer' } },
    );
    renderPage(ConsoleHome);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review queue' })).toBeInTheDocument();
  });
});
