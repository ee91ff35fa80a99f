/**
 * `npm run bench -w api`: autocannon against an in-process api on PGlite (or DATABASE_URL), beside a
 * bare Fastify route in the same process, and prints req/s and p99 for each. Login is bounded by
 * argon2id on purpose (OWASP parameters), so it is run with fewer connections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startApi } from '../src/start.js';
import { signedBody } from '../src/lib/sign.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const form = (fields: Record<string, string>) => new URLSearchParams(signedBody(fields)).toString();

async function run(title: string, url: string, body: string | undefined, connections = 20) {
  const r = await autocannon({
    url,
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    connections,
    duration: DURATION,
  });
  return { title, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gl-bench-'));
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const api = await startApi({ port: 0, dataDir, logLevel: 'warn', env: { NODE_ENV: 'test', RATE_LIMIT_AUTH_PER_MIN: '100000000', RATE_LIMIT_CODE_PER_MIN: '100000000' } });
  try {
    // A user to read as: sign up through the dev outbox, then log in.
    const email = `bench${Date.now()}@example.com`;
    const post = (p: string, f: Record<string, string>) =>
      fetch(`${api.url}/gc${p}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(f) }).then((r) => r.json() as Promise<{ success: boolean; data: { token: string } }>);
    await post('/user/sendEmailVerifyCode', { email });
    const outbox = (await (await fetch(`${api.url}/__dev/outbox`)).json()) as { to: string; code: string }[];
    const code = outbox.find((m) => m.to === email)?.code ?? '';
    const reg = await post('/user/appregister', { register_type: '1', country_id: '1', email, password: 'Secret123!', code });
    if (!reg.success) throw new Error('bench sign-up failed');
    const token = reg.data.token;

    const results = [];
    results.push(await run('bare Fastify route', bareUrl, undefined));
    results.push(await run('user/userInfo', `${api.url}/gc/user/userInfo`, form({ token })));
    results.push(await run('public/countrylist', `${api.url}/gc/public/countrylist`, form({})));
    results.push(await run('v2/card/catalog', `${api.url}/gc/v2/card/catalog`, form({ country_id: '1', page: '0', page_size: '1000' })));
    results.push(await run('user/applogin (argon2id)', `${api.url}/gc/user/applogin`, form({ username: email, password: 'Secret123!' }), 4));
    const bareRps = results[0]!.rps;
    console.log(`\nGiftLane api bench: ${DURATION}s each, ${api.url.includes('127.0.0.1') ? 'local' : api.url}, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
    console.log('route'.padEnd(30) + 'req/s'.padStart(8) + 'p99 ms'.padStart(9) + 'vs bare'.padStart(9) + 'errors'.padStart(8));
    for (const r of results) {
      console.log(r.title.padEnd(30) + String(r.rps).padStart(8) + String(r.p99).padStart(9) + `${((r.rps / bareRps) * 100).toFixed(0)}%`.padStart(9) + String(r.errors).padStart(8));
    }
  } finally {
    await api.close();
    await bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
