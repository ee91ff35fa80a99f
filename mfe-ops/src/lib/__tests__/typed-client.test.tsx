import { render, screen } from '@testing-library/react';
import { inRouter } from '@giftlane/shared-sdk/testing';
import { OUTSIDE_CONTRACT } from '@giftlane/shared-sdk/ops/client';
import { OpsRefusal, testOps } from '@giftlane/shared-sdk/ops/testing';
import KycQueuePage from '../../pages/kyc';

const pending = {
  id: 4,
  user_id: 9,
  username: 'ada@example.com',
  verified_name: 'ADA OBI',
  country: 'Nigeria',
  created_at: '2026-11-26T06:00:00.000Z',
  waiting_minutes: 75,
};

/** A screen reads the operator API through the typed client: wire replies in, the contract's decoding, no jest.mock. */
describe('the console’s typed client under a screen', () => {
  jest.setTimeout(30_000);

  test('a reply in the contract is shown', async () => {
    const api = testOps({ 'GET /ops/api/kyc': [pending] }, { staff: { role: 'reviewer' } });
    render(inRouter(<KycQueuePage />));
    expect(await screen.findByRole('link', { name: 'ADA OBI' })).toBeTruthy();
    expect(screen.getByText('1 h 15 min')).toBeTruthy();
    expect(api.callsTo('GET /ops/api/kyc')).toEqual([{}]);
  });

  test('a reply outside the contract is an error on the screen, not data', async () => {
    testOps({ 'GET /ops/api/kyc': [{ ...pending, waiting_minutes: '75' }] }, { staff: { role: 'reviewer' } });
    render(inRouter(<KycQueuePage />));
    expect(await screen.findByText(OUTSIDE_CONTRACT)).toBeTruthy();
    expect(screen.queryByText('ADA OBI')).toBeNull();
  });

  test("a refusal shows the api's words", async () => {
    testOps({ 'GET /ops/api/kyc': new OpsRefusal('Your role cannot do this', 403) }, { staff: { role: 'reviewer' } });
    render(inRouter(<KycQueuePage />));
    expect(await screen.findByText('Your role cannot do this')).toBeTruthy();
  });
});
