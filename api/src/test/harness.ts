import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp, serverOptions, type AppDeps } from '../app.js';
import { configFrom, type Config } from '../config/env.js';
import { openPglite, openPostgres, type Db, type PostgresOptions } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import type { Envelope } from '../lib/envelope.js';
import { signedBody } from '../lib/sign.js';

export type Target = 'pglite' | 'postgres';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Whether the test PostgreSQL answers. Checked once per worker, synchronously (jest collects tests
 * synchronously), by a child process that tries to connect. When it does not answer, the suites
 * say so loudly and why; with REQUIRE_TEST_PG=1 (CI) that is an error instead.
 */
export function postgresStatus(): { ok: true } | { ok: false; why: string } {
  if (process.env.GL_TEST_PG_STATUS === undefined) {
    const script =
      `const pg=require('pg');const c=new ` +
      `pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.` +
      `query('select 1')).then(()=>{c.end();process.exit(0)},e=>{console.error(e.message||String(e));process.exit(1)})`;
    const r = spawnSync(process.execPath, ['-e', script, ADMIN_URL], { encoding: 'utf8', timeout: 10_000 });
    process.env.GL_TEST_PG_STATUS =
      r.status === 0 ? 'ok' : (r.stderr || r.error?.message || 'no answer').trim() || 'no answer';
  }
  const s = process.env.GL_TEST_PG_STATUS;
  return s === 'ok' ? { ok: true } : { ok: false, why: s };
}

/**
 * The databases a suite runs against. PostgreSQL, production's, whenever it answers. PGlite, the
 * embedded default of `npm start`, beside it for the suites that prove the embedded database holds
 * (`{ embedded: true }`: every call of the contract, money end to end and under races, the outbox,
 * one connection's transactions) and for every suite with TEST_PGLITE=all. The e2e suite runs the
 * whole site on PGlite, so every page's path is proved there too; running each api suite twice more
 * than tripled their time. Without PostgreSQL every suite runs on PGlite (with REQUIRE_TEST_PG=1,
 * as in CI, that is an error instead).
 */
export function targets(opts: { embedded?: boolean } = {}): Target[] {
  const s = postgresStatus();
  if (s.ok) return opts.embedded || process.env.TEST_PGLITE === 'all' ? ['pglite', 'postgres'] : ['postgres'];
  const msg =
    `PostgreSQL tests SKIPPED: cannot reach ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (${s.why}). Set ` +
    `TEST_DATABASE_URL or start PostgreSQL.`;
  if (process.env.REQUIRE_TEST_PG === '1') throw new Error(msg);
  console.warn(`\n*** ${msg} ***\n`);
  return ['pglite'];
}

export interface TestDb {
  db: Db;
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped afterwards
 * (opts.guard applies to both). A pool of 5, and 30 s for a free connection: suites that send 100
 * requests at once to count business answers (a shared, busy CI machine serialising them on one
 * row) must not see "busy" instead; db-faults.test.ts sets tight bounds to prove those.
 */
export async function freshDb(target: Target, opts: PostgresOptions = {}): Promise<TestDb> {
  if (target === 'pglite') {
    const db = await openPglite(undefined, { guard: opts.guard, onGuard: opts.onGuard });
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const name = `gl_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 5, acquireTimeoutMs: 30_000, ...opts });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * An empty PostgreSQL database and a login role of its own that owns nothing: the production shape
 * (the owner migrates, the api runs as the role). Both are dropped by close().
 */
export async function freshRoleDb(): Promise<{
  ownerUrl: string;
  runtimeUrl: string;
  role: string;
  close: () => Promise<void>;
}> {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const name = `gl_test_${suffix}`;
  const role = `gl_api_${suffix}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`create role ${role} login nosuperuser nocreatedb nocreaterole`);
  await admin.end();
  const owner = new URL(ADMIN_URL);
  owner.pathname = `/${name}`;
  const runtime = new URL(owner);
  runtime.username = role;
  runtime.password = '';
  return {
    ownerUrl: owner.toString(),
    runtimeUrl: runtime.toString(),
    role,
    close: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.query(`drop role if exists ${role}`);
      await a.end();
    },
  };
}

const rnd = () => Math.floor(Math.random() * 250) + 1;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  routes: RouteOptions[];
  /** A signed form POST to /gc<path>; fields with undefined are left out. */
  call: <T = unknown>(
    path: string,
    fields?: Record<string, unknown>,
    opts?: { ip?: string; sign?: boolean; cookie?: string },
  ) => Promise<Envelope<T> & { status: number; setCookie: string }>;
  /** The newest code sent to an address, read from the dev outbox. */
  lastCode: (to: string) => string;
  close: () => Promise<void>;
}

export async function testApp(
  shared: TestDb,
  overrides: Partial<Config> = {},
  deps: AppDeps = {},
  env: Record<string, string> = {},
  opts: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const config = configFrom(
    {
      logLevel: 'silent',
      rateLimit: { authPerMin: 10_000, codePerMin: 10_000, lookupPerHour: 10_000 },
      accountLimit: { authPerHour: 10_000, codePerHour: 10_000 },
      ...overrides,
    },
    env,
  );
  const app = Fastify(serverOptions(config, opts));
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (r) => {
    routes.push(r);
  });
  await app.register(buildApp(config, { db: shared.db, skipMigrations: true, ...deps }));
  await app.ready();
  const call: TestApp['call'] = async (path, fields = {}, opts = {}) => {
    const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const body = opts.sign === false ? (clean as Record<string, string>) : signedBody(clean);
    const res = await app.inject({
      method: 'POST',
      url: `/gc${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      payload: new URLSearchParams(body).toString(),
      remoteAddress: opts.ip ?? `10.${rnd()}.${rnd()}.${rnd()}`,
    });
    const set = res.headers['set-cookie'];
    return {
      ...(res.json() as Envelope<never>),
      status: res.statusCode,
      setCookie: (Array.isArray(set) ? set[0] : set)?.split(';')[0] ?? '',
    };
  };
  const lastCode = (to: string) => {
    const m = app.messenger.outbox?.list().find((e) => e.to === to && e.code);
    if (!m?.code) throw new Error(`no code sent to ${to}`);
    return m.code;
  };
  return { app, db: shared.db, config, routes, call, lastCode, close: () => app.close() };
}

/** Unique addresses per test so tests do not trip each other's send caps. */
let seq = 0;
export const uniqueEmail = () => `user${Date.now().toString(36)}${(seq++).toString(36)}@example.com`;
export const uniquePhone = () =>
  `+2348${String(Date.now() % 1e6).padStart(6, '0')}${String(seq++ % 1000).padStart(3, '0')}`;

/** The identity settings production requires, for tests that load a production config. */
export const PRODUCTION_IDENTITY = {
  IDENTITY_API_URL: 'https://identity.example.com',
  IDENTITY_APP_ID: 'giftlane-app',
  IDENTITY_SECRET_KEY: 'prod_sk_test_identity',
  KYC_DATA_KEY: 'Vq9Lr3Xm7Tz1Kd5Wn8Hy2Bc6Fg4Js0Pa',
} as const;
/** The same as config overrides, for tests that build a production app from a test config. */
export const productionKyc = (c: Config): Config['kyc'] => ({
  ...c.kyc,
  apiUrl: PRODUCTION_IDENTITY.IDENTITY_API_URL,
  appId: PRODUCTION_IDENTITY.IDENTITY_APP_ID,
  secretKey: PRODUCTION_IDENTITY.IDENTITY_SECRET_KEY,
});
