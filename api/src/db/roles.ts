import { openPostgres, type Db, type Queryable } from './db.js';
import { migrate } from './migrate.js';
import { installJobsSchema } from '../modules/jobs/jobs.js';
import type { MigrationContext } from './migrations/index.js';

/**
 * The tables that are history: once written, never rewritten. Triggers refuse UPDATE and DELETE on
 * them, but a table's owner can TRUNCATE it or disable its triggers; so in production the api runs
 * as a role that does not own them and may only read and append to them.
 */
export const APPEND_ONLY_TABLES = ['audit_log', 'ledger_journals', 'ledger_postings'] as const;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The role a connection runs as. */
export async function currentRole(q: Queryable): Promise<string> {
  return (await q.query<{ r: string }>('select current_user as r')).rows[0]!.r;
}

/**
 * Run by the owner after the migrations: the runtime role may read and write the tables of the app,
 * but only read and append to the history tables, and owns nothing (so it cannot alter a table,
 * disable a trigger, or truncate). Idempotent: run on every start-up, so new tables are covered.
 */
export async function grantRuntimeRole(owner: Queryable, role: string): Promise<void> {
  if (role === (await currentRole(owner)))
    throw new Error('DATABASE_URL and DATABASE_OWNER_URL must connect as different roles');
  const r = ident(role);
  const history = APPEND_ONLY_TABLES.join(', ');
  await owner.exec(`
    grant usage on schema public to ${r};
    grant select, insert, update, delete on all tables in schema public to ${r};
    grant usage, select on all sequences in schema public to ${r};
    revoke update, delete, truncate, references, trigger on ${history} from ${r};
    revoke insert, update, delete, truncate on schema_migrations from ${r};
  `);
}

/**
 * Why this connection could rewrite history, or null if it cannot: it is a superuser, owns one of
 * the history tables, or may truncate, update or delete it.
 */
export async function historyRewritableBy(db: Db): Promise<string | null> {
  const role = await currentRole(db);
  const su = await db.query<{ s: boolean }>('select rolsuper as s from pg_roles where rolname = current_user');
  if (su.rows[0]?.s) return `the role ${role} is a superuser`;
  for (const t of APPEND_ONLY_TABLES) {
    const r = await db.query<{ owner: boolean; write: boolean }>(
      `select c.relowner = (select oid from pg_roles where rolname = current_user) as owner,
              has_table_privilege(c.oid, 'TRUNCATE') or has_table_privilege(c.oid, 'UPDATE') or ` +
        `has_table_privilege(c.oid, 'DELETE') as write
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = $1`,
      [t],
    );
    const row = r.rows[0];
    if (row?.owner) return `the role ${role} owns ${t}`;
    if (row?.write) return `the role ${role} may truncate, update or delete ${t}`;
  }
  return null;
}

/**
 * Brings the schema up to date. With an owner URL, the migrations run as the owner, which then
 * grants the runtime role its share; without one (a laptop, PGlite), as the runtime connection.
 */
export async function prepareSchema(db: Db, ownerUrl?: string, ctx: MigrationContext = {}): Promise<string[]> {
  if (!ownerUrl) return migrate(db, undefined, ctx);
  const owner = await openPostgres(ownerUrl, 1);
  try {
    const applied = await migrate(owner, undefined, ctx);
    const role = await currentRole(db);
    await grantRuntimeRole(owner, role);
    // The job queue's own schema, installed by the owner too.
    await installJobsSchema(owner, role);
    return applied;
  } finally {
    await owner.close();
  }
}
