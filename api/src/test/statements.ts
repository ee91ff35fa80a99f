// What a request sends to the database, for the suites that hold a read to its statements.
import type { Db } from '../db/db.js';

/**
 * The statements sent through `db.query` while `fn` runs (from every caller: run it while nothing else is), with
 * what fn answered.
 */
export async function statementsDuring<T>(db: Db, fn: () => Promise<T>): Promise<{ value: T; sql: string[] }> {
  const sql: string[] = [];
  const real = db.query.bind(db);
  const spy = jest.spyOn(db, 'query').mockImplementation(((text: string, params?: unknown[]) => {
    sql.push(text);
    return real(text, params);
  }) as typeof real);
  try {
    return { value: await fn(), sql };
  } finally {
    spy.mockRestore();
  }
}

/** A signed-in request's session check: answered from the process's cache for up to a second, then asked again. */
export const isSessionCheck = (statement: string) => /\bfrom sessions\b/.test(statement);
