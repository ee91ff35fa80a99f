// `npm run bench:bytes`: how much JavaScript (gzip, as sent over the wire) a visitor's browser
// downloads for the first page, per page and per file, measured in Chromium against the site as
// `npm start` serves it. Budgets (DESIGN §7): /home and /login ≤ 250 KB each; moving from a public
// page into the account area adds ≤ 150 KB.
import http from 'node:http';
import { chromium } from '@playwright/test';
import { benchSite } from './site.mjs';

const KB = 1024;
const BUDGET = { '/home': 250, '/login': 250, 'public → account': 150 };
let BASE = '';

/** Records every script response of a page with its transferred (encoded) size from CDP. */
async function recordScripts(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  const files = [];
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script')
      requests.set(e.requestId, {
        url: e.response.url,
        encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'none',
      });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) files.push({ ...r, bytes: e.encodedDataLength });
  });
  return {
    take() {
      const out = files.splice(0);
      return out;
    },
  };
}

/** The same file's size when a client accepts only gzip (the budget's unit). */
function gzipSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

async function withGzip(files) {
  return Promise.all(files.map(async (f) => ({ ...f, gzip: await gzipSize(f.url) })));
}

const sum = (files, key = 'gzip') => files.reduce((n, f) => n + f[key], 0);
const short = (url) => url.replace(BASE, '').replace(/\/releases\/([^/]+)\/[^/]+\//, '$1/');

async function report(label, captured) {
  const files = await withGzip(captured);
  const total = sum(files);
  const budget = BUDGET[label];
  console.log(
    `\n${label}: ${(total / KB).toFixed(1)} KB gzip of JavaScript in ${files.length} files (the browser received ` +
      `${(sum(files, 'bytes') / KB).toFixed(1)} KB, mostly brotli)${
        budget ? ` — budget ${budget} KB: ` + `${total / KB <= budget ? 'within' : 'OVER'}` : ''
      }`,
  );
  console.log('     gzip KB   sent KB  file');
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${(f.gzip / KB).toFixed(1).padStart(8)}  ${(f.bytes / KB).toFixed(1).padStart(8)}  ${short(f.url)}`);
  }
  return total;
}

async function signUp() {
  const { createUser } = await import('../support/api.ts');
  return createUser(BASE);
}

async function main() {
  const site = await benchSite(8280);
  BASE = site.base;
  try {
    const { chromiumPath, CHROMIUM_ARGS } = await import('../support/chromium.ts');
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const results = {};
    for (const route of ['/home', '/login']) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const rec = await recordScripts(page);
      await page.goto(BASE + route, { waitUntil: 'networkidle' });
      results[route] = await report(route, rec.take());
      await context.close();
    }
    // Into the account area from a public page, as a signed-in user would go.
    const user = await signUp();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addInitScript(
      ({ token, id }) => {
        sessionStorage.setItem('giftlane_token', token);
        sessionStorage.setItem('user_id', id);
      },
      { token: user.token, id: user.user_id },
    );
    const page = await context.newPage();
    const rec = await recordScripts(page);
    await page.goto(`${BASE}/home`, { waitUntil: 'networkidle' });
    rec.take();
    // At 360 px the header's links sit behind the menu button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'My account' }).click();
    await page.waitForURL(/\/homes$/);
    await page.waitForLoadState('networkidle');
    results['public → account'] = await report('public → account', rec.take());
    await browser.close();

    const over = Object.entries(BUDGET).filter(([k, b]) => results[k] / KB > b);
    console.log(
      `\nsummary: /home ${(results['/home'] / KB).toFixed(1)} KB, /login ${(results['/login'] / KB).toFixed(1)} KB, ` +
        `public → account +${(results['public → account'] / KB).toFixed(1)} KB${
          over.length ? ` — OVER BUDGET: ` + `${over.map(([k]) => k).join(', ')}` : ' — all within budget'
        }`,
    );
    process.exitCode = over.length ? 1 : 0;
  } finally {
    site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
