import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderPage } from '../../test/render';
import { T0 } from '../../test/wire';
import UsersPage from '../users';

describe('users', () => {
  jest.setTimeout(30_000);

  test('finds a seller by what support was given and links to their page', async () => {
    const found = {
      id: 41,
      username: 'chinedu',
      email: 'chinedu@example.ng',
      whatsapp: '+2348012345678',
      phone: null,
      nickname: 'Chinedu',
      country_id: 1,
      status: 'active',
      vip_level: 1,
      created_at: T0,
      last_login_at: T0,
      withdrawals_frozen: true,
    };
    const t = testOps({ 'GET /ops/api/users': [found] }, { staff: { role: 'finance' } });
    renderPage(UsersPage, '/ops/users');
    expect(t.calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Find a user'), ' GC100 {Enter}');
    const link = await screen.findByRole('link', { name: '#41 Chinedu' });
    expect(link).toHaveAttribute('href', '/ops/users/41');
    expect(within(link.closest('tr')!).getByText('withdrawals frozen')).toBeInTheDocument();
    expect(t.callsTo('GET /ops/api/users')).toEqual([{ q: 'GC100' }]);
  });
});
