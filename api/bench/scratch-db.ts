import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  /** The connection string the api is started with. */
  url: string;
  /** Drops the scratch database; a no-op for a DATABASE_URL given from outside. */
  drop: () => Promise<void>;
}

/**
 * The PostgreSQL database a bench runs on: DATABASE_URL when set (left as it is), else a scratch
 * database made on the test server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped afterwards. Null when neither can be reached, so a bench can fall back to PGlite.
 */
export async function benchDatabase(): Promise<BenchDatabase | null> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} };
  const admin = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gl_bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
