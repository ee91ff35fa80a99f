import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, serverOptions } from '../app.js';
import { configFrom, loadConfig } from '../config/env.js';
import { openPostgres, type Db } from '../db/db.js';
import { APPEND_ONLY_TABLES, historyRewritableBy, prepareSchema } from '../db/roles.js';
import { checkLedger } from '../modules/ledger/check.js';
import {
  freshRoleDb,
  PRODUCTION_IDENTITY,
  productionKyc,
  postgresStatus,
  testApp,
  type TestApp,
} from '../test/harness.js';
import { makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(120_000);

const STRONG = 'q7Lw2Zr9Xc4Vb8Nm1Ks6Dp3Hf5Jg0TyUeIoPaSd';

test('production with PostgreSQL needs the owner URL as well', () => {
  const prod = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://giftlane.ng',
    SECRET_KEY: STRONG,
    ALLOW_CODE_LOG: '1',
    ...PRODUCTION_IDENTITY,
  };
  expect(() => loadConfig({ ...prod, DATABASE_URL: 'postgres://api@db/giftlane' })).toThrow(
    /DATABASE_OWNER_URL: required in production with DATABASE_URL/,
  );
  expect(
    loadConfig({
      ...prod,
      DATABASE_URL: 'postgres://api@db/giftlane',
      DATABASE_OWNER_URL: 'postgres://owner@db/giftlane',
    }).databaseOwnerUrl,
  ).toBe('postgres://owner@db/giftlane');
  expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://owner@db/giftlane' })).toThrow(/set DATABASE_URL too/);
});

// The roles are PostgreSQL's: PGlite has one user. CI requires PostgreSQL (REQUIRE_TEST_PG=1).
const pgUp = postgresStatus().ok;
if (!pgUp && process.env.REQUIRE_TEST_PG === '1')
  throw new Error('PostgreSQL is required for the database-roles suite');
(pgUp ? describe : describe.skip)('the api runs as a role that cannot rewrite history (PostgreSQL)', () => {
  let dbs: Awaited<ReturnType<typeof freshRoleDb>>;
  let runtime: Db;
  let owner: Db;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-roles-'));
    dbs = await freshRoleDb();
    runtime = await openPostgres(dbs.runtimeUrl, 5);
    // As at start-up: the owner migrates and grants the runtime role its share.
    expect((await prepareSchema(runtime, dbs.ownerUrl)).length).toBeGreaterThan(5);
    expect(await prepareSchema(runtime, dbs.ownerUrl)).toEqual([]); // idempotent on the next start
    owner = await openPostgres(dbs.ownerUrl, 1);
    t = await testApp({ db: runtime, close: async () => {} }, { uploadDir: dir, publicUrl: 'http://api.test' });
  });
  afterAll(async () => {
    await t?.close();
    await runtime?.close();
    await owner?.close();
    await dbs?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the whole seller path runs under the runtime role: sell, review, credit, audit', async () => {
    const u = await makeUser(t);
    const images = await upload(t, u.token);
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token: u.token,
      images,
      user_memo: 'CODE-1',
      wallet_type: '1',
      card_id: '1',
      face_value: '40',
    });
    expect(add.success).toBe(true);
    const reviewer = await makeStaff(t, 'reviewer');
    expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${add.data.order_no}/claim`)).success).toBe(true);
    const done = await opsCall<{ status: number; amount: string }>(
      t,
      reviewer.token,
      'POST',
      `/ops/api/orders/${add.data.order_no}/decide`,
      { lines: [{ status: 'success', card_id: 1, face_value: '40' }] },
    );
    expect(done).toMatchObject({ success: true, data: { status: 2 } });
    expect((await t.call<{ total_amount: number }>('/wallet/balance', { token: u.token })).data.total_amount).toBe(
      Number(done.data.amount),
    );
    const admin = await makeStaff(t, 'admin');
    const trail = await opsCall<{ action: string }[]>(
      t,
      admin.token,
      'GET',
      `/ops/api/audit?target_type=order&target_id=${add.data.order_no}`,
    );
    expect(trail.data.map((a) => a.action)).toEqual(['order.decide', 'order.claim']);
    expect(await checkLedger(runtime)).toEqual([]);
    expect(await historyRewritableBy(runtime)).toBeNull();
  });

  test.each(APPEND_ONLY_TABLES)(
    '%s: the runtime role cannot truncate, update, delete, disable its triggers or drop it',
    async (table) => {
      const before = Number((await owner.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
      expect(before).toBeGreaterThan(0);
      await expect(runtime.exec(`truncate ${table} cascade`)).rejects.toThrow(/permission denied/);
      await expect(runtime.exec(`delete from ${table}`)).rejects.toThrow(/permission denied/);
      await expect(runtime.exec(`update ${table} set id = id`)).rejects.toThrow(/permission denied/);
      await expect(runtime.exec(`alter table ${table} disable trigger all`)).rejects.toThrow(/must be owner/);
      await expect(runtime.exec(`drop table ${table} cascade`)).rejects.toThrow(/must be owner/);
      await expect(runtime.exec(`select id from ${table} limit 1 for update`)).rejects.toThrow(/permission denied/);
      expect(Number((await owner.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n)).toBe(before);
    },
  );

  test('production refuses to start as a role that could rewrite history, and starts as the runtime role', async () => {
    expect(await historyRewritableBy(owner)).toMatch(/superuser/);
    const start = async (databaseUrl: string, databaseOwnerUrl?: string) => {
      const base = configFrom({ logLevel: 'silent', uploadDir: dir });
      const config = { ...base, env: 'production' as const, databaseUrl, databaseOwnerUrl, kyc: productionKyc(base) };
      const app = Fastify(serverOptions(config));
      try {
        await app.register(buildApp(config));
        await app.ready();
        return (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      } finally {
        await app.close();
      }
    };
    await expect(start(dbs.ownerUrl)).rejects.toThrow(
      /DATABASE_URL: the role \S+ is a superuser; connect as a role that only reads and appends/,
    );
    expect(await start(dbs.runtimeUrl, dbs.ownerUrl)).toBe(200);
  });
});
