import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { SessionsSettings } from '../sessions-settings';

const now = Math.floor(Date.now() / 1000);
const sessions = [
  {
    session_id: '11',
    device: 'Chrome on Android',
    place: '102.89.x.x',
    created_time: now - 90_000,
    last_seen_time: now - 60,
    current: true,
  },
  {
    session_id: '12',
    device: 'Chrome on Windows',
    place: '41.58.x.x',
    created_time: now - 9_000,
    last_seen_time: now - 3_600,
    current: false,
  },
];

let api: TestApi;
beforeEach(() => {
  api = testApi({ 'user/sessionList': sessions, 'user/revokeSession': null, 'user/logoutAll': null });
});

it('lists the devices with their rough place; this device has no sign-out of its own', async () => {
  render(inRouter(<SessionsSettings />));
  const list = await screen.findByRole('list', { name: 'Signed-in devices' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Chrome on Android · this device');
  expect(items[0]).toHaveTextContent('102.89.x.x · last used');
  expect(within(items[0]!).queryByRole('button')).toBeNull();
  expect(within(items[1]!).getByRole('button', { name: /^Sign out Chrome on Windows/ })).toBeInTheDocument();
});

it('signs one device out and drops it from the list; a refusal is said in words', async () => {
  api.answer('user/revokeSession', new Refusal('This session has already ended'), null);
  render(inRouter(<SessionsSettings />));
  const button = await screen.findByRole('button', { name: /^Sign out Chrome on Windows/ });
  await userEvent.click(button);
  expect(await screen.findByRole('alert')).toHaveTextContent('This session has already ended');
  await userEvent.click(button);
  expect(await screen.findByText('Chrome on Windows is signed out.')).toBeInTheDocument();
  expect(api.callsTo('user/revokeSession').at(-1)).toEqual({ session_id: '12' });
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
});

it('signs out everywhere after a confirmation, forgets the session and goes to the sign-in page', async () => {
  render(inRouter(<SessionsSettings />, [{ path: '/login', element: <p>Sign-in page</p> }]));
  await screen.findByRole('list', { name: 'Signed-in devices' });
  await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
  expect(api.callsTo('user/logoutAll')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
  expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  expect(api.callsTo('user/logoutAll')).toHaveLength(1);
  expect(api.sdk.store.session.isSignedIn).toBe(false);
});
