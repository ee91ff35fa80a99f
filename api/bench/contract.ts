/**
 * `npm run bench:contract` (root): what the one wire contract (shared-sdk/src/gc/replies)
 * costs. Speed: the time to check a real reply against its schema — the api does it for every reply,
 * the SDK decodes with it — for the biggest replies of the seeded catalog and a small one. Bytes:
 * the gzip of the shared-sdk chunk and of the account part of the contract in the shell's build
 * (run `npm run build` first; the root script does).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkReply, type GcPath } from '@giftlane/shared-sdk/gc/replies/all';
import { freshDb, testApp } from '../src/test/harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

async function speed() {
  const tdb = await freshDb('pglite');
  const t = await testApp(tdb);
  try {
    const cases: [GcPath, Record<string, unknown>][] = [
      ['v2/card/catalog', { country_id: 1, page: 0, page_size: 500 }],
      ['card/calculator', { country_id: 1 }],
      ['public/countrylist', {}],
      ['public/appinit', {}],
    ];
    console.log(`check of one reply against its schema (${ROUNDS} rounds each, this machine):`);
    for (const [p, fields] of cases) {
      const reply = await t.call(`/${p}`, fields);
      if (!reply.success) throw new Error(`${p}: ${reply.msg}`);
      const size = Buffer.byteLength(JSON.stringify(reply.data));
      for (let i = 0; i < 200; i++) checkReply(p, reply.data); // warm up
      const start = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) if (!checkReply(p, reply.data).ok) throw new Error(`${p} is outside its schema`);
      const us = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
      console.log(
        `  ${p.padEnd(20)} ${(size / 1024).toFixed(1).padStart(6)} KB of JSON: ${us.toFixed(1)} µs per check`,
      );
    }
  } finally {
    await t.close();
    await tdb.close();
  }
}

function bytes() {
  const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../shell/dist');
  const statsFile = path.join(dist, 'mf-stats.json');
  if (!existsSync(statsFile)) return console.log('\nbytes: no shell build (npm run build)');
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const sdk = stats.shared.find((s) => s.name === '@giftlane/shared-sdk');
  const sdkBytes = sdk ? sdk.assets.js.sync.reduce((n, f) => n + gz(f), 0) : 0;
  const part = readdirSync(dist).find((f) => f.startsWith('gc-replies-account.') && f.endsWith('.js'));
  console.log(
    `\nbytes (gzip -9): the shared-sdk chunk ${(sdkBytes / 1024).toFixed(1)} KB (with the first pages' part of the ` +
      `contract and its schema functions);`,
  );
  console.log(
    `  the account part of the contract, loaded on the first account-area call: ` +
      `${part ? (gz(part) / 1024).toFixed(1) : '?'} KB`,
  );
}

await speed();
bytes();
