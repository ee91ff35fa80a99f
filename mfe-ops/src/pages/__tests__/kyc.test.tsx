import { screen, within } from '@testing-library/react';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { T0 } from '../../test/wire';
import KycQueuePage from '../kyc';

describe('identity checks', () => {
  jest.setTimeout(30_000);

  test('lists the level 3 requests oldest first, each opening its review', async () => {
    testOps(
      {
        'GET /ops/api/kyc': [
          {
            id: 12,
            user_id: 41,
            username: 'chinedu',
            verified_name: 'CHINEDU EMEKA OKAFOR',
            country: 'Nigeria',
            created_at: T0,
            waiting_minutes: 3000,
          },
        ],
      },
      { staff: { role: 'reviewer' } },
    );
    renderPage(KycQueuePage, '/ops/kyc');
    const link = await screen.findByRole('link', { name: 'CHINEDU EMEKA OKAFOR' });
    expect(link).toHaveAttribute('href', '/ops/kyc/12');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Nigeria')).toBeInTheDocument();
    expect(within(row).getByText('2 days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Identity checks' })).toBeInTheDocument();
    expect(document.title).toBe('Identity checks · GiftLane console');
  });

  test('an empty queue says so', async () => {
    testOps({ 'GET /ops/api/kyc': [] }, { staff: { role: 'reviewer' } });
    renderPage(KycQueuePage, '/ops/kyc');
    expect(await screen.findByText('No identity check waits')).toBeInTheDocument();
  });
});
