import type { Db } from './db.js';
import { migrations as all, type Migration, type MigrationContext } from './migrations/index.js';

/** An arbitrary constant: the advisory lock that makes concurrent start-ups migrate one at a time. */
const LOCK_KEY = 7_340_117;

/**
 * Applies the pending migrations in one transaction. On PostgreSQL an advisory lock serialises
 * several api processes starting at once; the second one finds nothing left to do. `ctx` carries
 * the keys a data migration needs (sealing identity data).
 */
export async function migrate(db: Db, migrations: Migration[] = all, ctx: MigrationContext = {}): Promise<string[]> {
  return db.tx(
    async (q) => {
      await q.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      await q.exec(
        'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default ' +
          'now())',
      );
      const done = new Set((await q.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        await m.up(q, ctx);
        await q.query('insert into schema_migrations (id) values ($1)', [m.id]);
        applied.push(m.id);
      }
      return applied;
      // No statement, lock or idle bound: a long migration, or one waiting for another process's, is not cut off.
    },
    { bounded: false },
  );
}
