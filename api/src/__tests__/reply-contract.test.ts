// One wire contract. Every /gc reply is checked against its path's schema in shared-sdk
// (the one the SDK decodes it with) — every suite and the e2e run go through that check. Here: the
// api serves exactly the contract's paths, a route without a schema cannot be registered, and a
// reply outside the contract is refused outside production and logged (but sent) in production.
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GC_REPLIES } from '@giftlane/shared-sdk/gc/replies/all';
import { OPS_REPLIES } from '@giftlane/shared-sdk/ops/replies';
import { configFrom, loadConfig, type Config } from '../config/env.js';
import { gcRoute } from '../lib/route.js';
import { signedBody } from '../lib/sign.js';
import { contractPlugin } from '../plugins/contract.js';
import { formBodyPlugin } from '../plugins/form-body.js';
import { freshDb, PRODUCTION_IDENTITY, testApp } from '../test/harness.js';
import { makeUser } from '../test/money.js';

jest.setTimeout(60_000);

test('the api serves every path of the contract, and only those', async () => {
  const tdb = await freshDb('pglite');
  const t = await testApp(tdb);
  try {
    const served = t.routes
      .filter((r) => (r.config as { gc?: boolean } | undefined)?.gc)
      .map((r) => String(r.url).replace(/^\/gc\//, ''));
    expect([...new Set(served)].sort()).toEqual(Object.keys(GC_REPLIES).sort());
  } finally {
    await t.close();
    await tdb.close();
  }
});

test('the api serves every operator route of the ops contract, and only those', async () => {
  const tdb = await freshDb('pglite');
  const t = await testApp(tdb);
  try {
    const served = t.routes
      .filter((r) => String(r.url).startsWith('/ops/api/'))
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${r.url}`),
      );
    expect([...new Set(served)].sort()).toEqual(Object.keys(OPS_REPLIES).sort());
    // Each is registered through opsRoute: its roles and reply schema are route options.
    expect(
      t.routes.filter(
        (r) => String(r.url).startsWith('/ops/api/') && !(r.config as { ops?: unknown } | undefined)?.ops,
      ),
    ).toEqual([]);
  } finally {
    await t.close();
    await tdb.close();
  }
});

// Found by the check in the e2e run: the hand-written type said `bank` was absent without a payout
// account; the api sends null. The schema now says so, and the screens' type with it.
test('withdraw/information before any payout account: bank is null, inside the contract', async () => {
  const tdb = await freshDb('pglite');
  const t = await testApp(tdb);
  try {
    const seller = await makeUser(t);
    const r = await t.call<{ bank: unknown; currency_name: string }>('/withdraw/information', {
      wallet_type: '1',
      token: seller.token,
    });
    expect(r).toMatchObject({ success: true, data: { bank: null, currency_name: 'NGN' } });
  } finally {
    await t.close();
    await tdb.close();
  }
});

/** A bare app with the /gc plumbing and one route answering `answer`. */
async function appAnswering(
  path: string,
  answer: unknown,
  replyCheck: Config['replyCheck'],
): Promise<{ app: FastifyInstance; errors: string[] }> {
  const config = configFrom({ logLevel: 'silent', replyCheck });
  const errors: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => errors.push(line) } } });
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  await app.register(formBodyPlugin);
  await app.register(contractPlugin);
  gcRoute(app, { path, summary: 'test', body: z.object({}), handler: async () => answer });
  await app.ready();
  return { app, errors };
}

const post = (app: FastifyInstance, path: string) =>
  app.inject({
    method: 'POST',
    url: `/gc${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(signedBody({})).toString(),
  });

test('a route whose reply has no schema cannot be registered', async () => {
  await expect(appAnswering('/user/somethingNew', null, 'refuse')).rejects.toThrow(
    '/gc/user/somethingNew has no reply schema in shared-sdk/src/gc/replies',
  );
});

test('a reply in the contract is sent as it is', async () => {
  const { app } = await appAnswering('/payment/verify', { user_name: 'ADA OBI' }, 'refuse');
  const res = await post(app, '/payment/verify');
  expect(res.json()).toEqual({ success: true, msg: 'success', code: '0', data: { user_name: 'ADA OBI' } });
  await app.close();
});

test('outside production, a reply outside the contract is refused and what differs is logged', async () => {
  const { app, errors } = await appAnswering('/payment/verify', { user_name: 42 }, 'refuse');
  const res = await post(app, '/payment/verify');
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    success: false,
    msg: 'Something went wrong, please try again later',
    code: 'common.500',
    data: null,
  });
  expect(res.body).not.toContain('user_name');
  expect(errors.join('\n')).toContain('data.user_name: expected string, got number');
  await app.close();
});

test('in production (REPLY_CHECK=log), the reply is sent and the difference logged', async () => {
  const { app, errors } = await appAnswering('/payment/verify', {}, 'log');
  const res = await post(app, '/payment/verify');
  expect(res.json()).toMatchObject({ success: true, data: {} });
  expect(errors.join('\n')).toContain('data.user_name: expected string, got undefined');
  await app.close();
});

test('production logs by default; development and test refuse', () => {
  expect(configFrom({}, { NODE_ENV: 'test' }).replyCheck).toBe('refuse');
  expect(configFrom({}, { NODE_ENV: 'development' }).replyCheck).toBe('refuse');
  expect(configFrom({}, { REPLY_CHECK: 'log' }).replyCheck).toBe('log');
  const production = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://giftlane.ng',
    SECRET_KEY: 'Qm7r2Xv9Lp4Tz8Kd1Wn6Hy3Bc5Fg0Js2',
    ALLOW_CODE_LOG: '1',
    ...PRODUCTION_IDENTITY,
  };
  expect(loadConfig(production).replyCheck).toBe('log');
  expect(loadConfig({ ...production, REPLY_CHECK: 'refuse' }).replyCheck).toBe('refuse');
});
