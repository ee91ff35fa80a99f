// Client telemetry end to end: the shell in Chromium reports a page load, an uncaught error and a
// remote that failed to load, through the edge, to the collector; the per-version figures the
// release dashboard and the canary check read (versionHealth) count them under the versions and
// buckets the page got, and no personal data left the page.
import { expect, test } from '@playwright/test';

interface Health {
  app: string;
  version: string;
  bucket: string;
  loads: number;
  errors: number;
  remoteFailures: number;
  gcFailures: number;
  lcpP75: number | null;
}
interface Manifest {
  shell: { version: string; bucket: string };
  remotes: Record<string, { version: string; bucket: string }>;
}

/** versionHealth of the last hour, from the api's own loopback port (site port + 1; never through the edge). */
async function figures(baseURL: string): Promise<Health[]> {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  url.pathname = '/__dev/telemetry';
  return (await (await fetch(url)).json()) as Health[];
}

const ZERO = { loads: 0, errors: 0, remoteFailures: 0, gcFailures: 0 };
const countsOf = (all: Health[], app: string, version: string) => {
  const h = all.find((x) => x.app === app && x.version === version && x.bucket === 'live');
  return h ? { loads: h.loads, errors: h.errors, remoteFailures: h.remoteFailures, gcFailures: h.gcFailures } : ZERO;
};
const minus = (a: typeof ZERO, b: typeof ZERO) => ({
  loads: a.loads - b.loads,
  errors: a.errors - b.errors,
  remoteFailures: a.remoteFailures - b.remoteFailures,
  gcFailures: a.gcFailures - b.gcFailures,
});

test(
  'a page load, an uncaught error and a remote that failed are counted per app version and bucket, with nothing ' +
    'personal sent',
  async ({ page, baseURL }) => {
    const before = await figures(baseURL!);
    // What the page hands to sendBeacon, kept in the page (a beacon sent while a page unloads is not
    // seen by Playwright's request events).
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      const kept: string[] = [];
      (window as unknown as { __beacons: string[] }).__beacons = kept;
      navigator.sendBeacon = (url, body) => {
        kept.push(String(body));
        return send(url, body);
      };
    });

    await page.goto('/home');
    // Not a person's tap: the error below is thrown into the page, so the shell's code must be
    // running (and counting) by then.
    await expect(page.locator('#root[data-live]')).toHaveCount(1);
    const manifest = JSON.parse((await page.locator('#gl-remotes').textContent())!) as Manifest;
    expect(manifest.shell.bucket).toBe('live');
    const versions = {
      shell: manifest.shell.version,
      'mfe-public': manifest.remotes.mfe_public!.version,
      'mfe-onboarding': manifest.remotes.mfe_onboarding!.version,
    };

    // Code on the page throws, with an address and a number in its message.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('e2e: seller ada@example.com, order 8812345');
      }, 0);
    });
    // The onboarding remote cannot load: its area shows the fallback.
    await page.route('**/releases/mfe-onboarding/**', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This section didn’t load' })).toBeVisible();
    // The page being left sends what is queued; the largest paint is reported once the tab is gone.
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const beacons = await page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons);
    expect(beacons.join('\n')).toContain('"t":"error"');
    for (const body of beacons) {
      for (const leak of ['ada@example.com', '8812345', 'e2e:', '/home', '/login']) expect(body).not.toContain(leak);
    }
    await page.goto('about:blank');

    const delta = async () => {
      const now = await figures(baseURL!);
      return Object.fromEntries(
        Object.entries(versions).map(([app, v]) => [app, minus(countsOf(now, app, v), countsOf(before, app, v))]),
      );
    };
    await expect.poll(delta, { timeout: 15_000 }).toEqual({
      shell: { loads: 1, errors: 1, remoteFailures: 0, gcFailures: 0 },
      'mfe-public': { loads: 1, errors: 0, remoteFailures: 0, gcFailures: 0 },
      'mfe-onboarding': { loads: 1, errors: 1, remoteFailures: 1, gcFailures: 0 },
    });
    // The page's largest paint was measured (web vitals, loaded once the page was live).
    const now = await figures(baseURL!);
    expect(now.find((h) => h.app === 'mfe-public' && h.version === versions['mfe-public'])!.lcpP75).toBeGreaterThan(0);
  },
);
