// What the service worker treats as an immutable release file (cache-first), as the api (never
// touched), and how it fills in the offline page's Retry address.
import { escapeHtml, swSettings } from '../settings';

const origin = 'https://giftlane.example';
const u = (href: string) => new URL(href, origin);

describe('service worker settings', () => {
  it('keeps versioned release files only, on this origin or the CDN the edge names', () => {
    const here = swSettings(
      { version: 's1', releases: '/releases', offline: '/releases/shell/s1/offline.html' },
      origin,
    );
    expect(here.isRelease(u('/releases/mfe-public/0.1.0+abc/remoteEntry.js'))).toBe(true);
    expect(here.isRelease(u('/releases/shell/s1/main.0123abcd.js'))).toBe(true);
    // Not a versioned file: the environment and anything outside /releases/.
    expect(here.isRelease(u('/releases/environments/prod.json'))).toBe(false);
    expect(here.isRelease(u('/remotes.json'))).toBe(false);
    expect(here.isRelease(u('/gc/user/userInfo'))).toBe(false);
    expect(here.isRelease(u('https://evil.example/releases/shell/s1/main.js'))).toBe(false);
    expect(here.offline).toBe(`${origin}/releases/shell/s1/offline.html`);

    const cdn = swSettings({ releases: 'https://cdn.example.com/gl' }, origin);
    expect(cdn.isRelease(u('https://cdn.example.com/gl/mfe-account/a1/main.js'))).toBe(true);
    expect(cdn.isRelease(u('/releases/mfe-account/a1/main.js'))).toBe(false);
  });

  it('leaves the api alone', () => {
    const s = swSettings(undefined, origin);
    for (const p of ['/gc/wallet/balance', '/ops/api/orders/queue', '/uploads/abc', '/docs', '/docs/json'])
      expect(s.isApi(u(p))).toBe(true);
    for (const p of ['/home', '/login', '/ops', '/wallet']) expect(s.isApi(u(p))).toBe(false);
  });

  it('escapes the address put into the offline page', () => {
    expect(escapeHtml('https://x/sign-up?code=A&b="><script>')).toBe(
      'https://x/sign-up?code=A&#38;b=&#34;&#62;&#60;script&#62;',
    );
  });
});
