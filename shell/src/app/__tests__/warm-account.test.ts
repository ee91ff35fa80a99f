import { fireEvent } from '@testing-library/react';
import { mountTable } from '@giftlane/shared-sdk';
import { warmOnTyping } from '../warm-account';

const mounts = mountTable({
  remotes: {
    mfe_onboarding: { entry: '/o/remoteEntry.js', version: '1', mounts: [{ path: '/login', layout: 'bare' }] },
    mfe_account: { entry: '/a/remoteEntry.js', version: '1', mounts: [{ path: '/homes', layout: 'app' }] },
    mfe_public: { entry: '/p/remoteEntry.js', version: '1', mounts: [{ path: '/home', layout: 'public' }] },
  },
});

function typeAt(pathname: string) {
  window.history.replaceState(null, '', pathname);
  const input = document.createElement('input');
  document.body.append(input);
  fireEvent.input(input, { target: { value: 'a' } });
  input.remove();
}

test("typing on the way in warms the signed-in area's code, once", () => {
  const warmed: string[] = [];
  warmOnTyping(mounts, { from: '/login', to: '/homes' }, (r) => warmed.push(r));
  typeAt('/home');
  expect(warmed).toEqual([]);
  typeAt('/login');
  typeAt('/login');
  expect(warmed).toEqual(['mfe_account']);
});

test('a visitor who only looks at /login fetches nothing more', () => {
  const warmed: string[] = [];
  window.history.replaceState(null, '', '/login');
  warmOnTyping(mounts, { from: '/login', to: '/homes' }, (r) => warmed.push(r));
  fireEvent.click(document.body);
  expect(warmed).toEqual([]);
});
