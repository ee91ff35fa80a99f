// The e2e suites run against the composed site exactly as `npm start` serves it, on a fresh
// release store and a fresh embedded database per run, in Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';
import { GOOGLE_TEST_CLIENT_ID } from './support/google-stand-in';
import { newTotpSecret as base32Secret } from '../api/src/modules/ops/totp';

const port = Number(process.env.E2E_PORT ?? 8180);
const scratch = process.env.E2E_SCRATCH ?? mkdtempSync(path.join(os.tmpdir(), 'giftlane-e2e-'));
process.env.E2E_SCRATCH = scratch;
// The suite's own operator (staff account), made in the fresh database before the site starts.
process.env.E2E_OPS_EMAIL ??= 'ops@e2e.giftlane.test';
process.env.E2E_OPS_PASSWORD ??= 'Ops-e2e-Password-2026';
// Its authenticator secret (enrolled by the command-line tool), and the api's SECRET_KEY that seals
// it: the tool and the api are two processes, so they must share one. Made per run.
process.env.E2E_OPS_TOTP_SECRET ??= base32Secret();
process.env.E2E_SECRET_KEY ??= randomBytes(32).toString('base64url');

// Files that change what every other test sees (the live release, the rates, a channel's status, the
// support channels, the site's telemetry counts) or that measure how a page comes alive (a busy
// second browser would change what they measure) run one at a time, after the others have run two
// at a time (`npm test`: run-suite.mjs). Two workers on two cores: a test mostly waits (for the browser, the api, a
// code's 60 s).
const ALONE = [
  'release-flow',
  'canary-halt',
  'ops-console',
  'rate-alerts',
  'eta-status',
  'verified-channels',
  'telemetry',
  'coming-alive',
  'onboarding-coming-alive',
  'layout-shift',
  'prerender',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  // One folder per port: several suites may run side by side on one machine.
  outputDir: `test-results/${port}`,
  // A whole journey's budget. The longest are two people's (a seller at 360 px and staff enrolling in the console,
  // each signing in): 40–50 s on a 2-core machine running two of them side by side, which ran one out of 45 s twice
  // (cases.spec.ts, 2026-11-27). A hung step still ends at its own bound (10 s an expectation).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'side-by-side', testIgnore: ALONE },
    // `npm test` (run-suite.mjs) runs this project once the other has ended, on a site of its own.
    { name: 'alone', testMatch: ALONE, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  // The list, then which tests needed their retry (also in <outputDir>/retried.txt).
  reporter: [['list'], ['./support/retry-reporter.ts', { outputDir: `test-results/${port}` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The site's service worker is off in the suites (it would answer requests `page.route`
    // stubs); the release flow turns it on where it tests it.
    serviceWorkers: 'block',
  },
  webServer: [
    {
      // Google's sign-in, stood in locally: the api verifies id tokens against its JWKS.
      command: 'node --import tsx support/google-stand-in.ts',
      url: `http://127.0.0.1:${port + 2}/healthz`,
      reuseExistingServer: false,
      env: { GOOGLE_STAND_IN_PORT: String(port + 2) },
    },
    {
      // The site's log (the api's JSON lines) goes to a file the suites read (request-ids.spec.ts).
      command:
        `node --import tsx ../api/src/cli/create-operator.ts --email ${process.env.E2E_OPS_EMAIL} --name ` +
        `"E2E Ops" --role admin && node --import tsx ../deploy/src/cli/start.ts > "${path.join(scratch, 'site.log')}"`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      env: {
        PORT: String(port),
        API_PORT: String(port + 1),
        RELEASE_DIR: path.join(scratch, 'releases'),
        DATA_DIR: path.join(scratch, 'data'),
        SKIP_BUILD: process.env.E2E_BUILD === '1' ? '0' : '1',
        NODE_ENV: 'test',
        OPS_PASSWORD: process.env.E2E_OPS_PASSWORD!,
        OPS_TOTP_SECRET: process.env.E2E_OPS_TOTP_SECRET,
        SECRET_KEY: process.env.E2E_SECRET_KEY,
        // The suites sign up many users from one address in a minute; production limits stay default.
        RATE_LIMIT_AUTH_PER_MIN: '10000',
        RATE_LIMIT_CODE_PER_MIN: '10000',
        RATE_LIMIT_CODES_PER_IP_HOUR: '10000',
        RATE_LIMIT_AUTH_PER_ACCOUNT_HOUR: '10000',
        RATE_LIMIT_CODE_PER_ADDRESS_HOUR: '10000',
        // The identity provider: npm start's own stand-in, at a known port so the suites can add people to it.
        IDENTITY_STAND_IN_PORT: String(port + 3),
        GOOGLE_JWKS_URL: `http://127.0.0.1:${port + 2}/jwks.json`,
        GOOGLE_CLIENT_IDS: GOOGLE_TEST_CLIENT_ID,
        // The canary-halt suite's broken canary is halted after a few page loads, not hundreds.
        CANARY_HALT_MIN_ERRORS: '3',
        CANARY_MIN_LOADS: '3',
      },
    },
  ],
});
