// What a request sends to the database, for the suites that hold a read to its statements.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/db.js';

/**
 * The statements that `fn`'s own work sends through `db.query`, with what fn answered. Only calls made inside fn's
 * asynchronous context count: the job queue's polling, the outbox and the listeners run on their own timers and
 * are left out, so a background poll that lands in the window cannot be taken for one of the request's statements.
 */
export async function statementsDuring<T>(db: Db, fn: () => Promise<T>): Promise<{ value: T; sql: string[] }> {
  const sql: string[] = [];
  const mine = new AsyncLocalStorage<true>();
  const real = db.query.bind(db);
  const spy = jest.spyOn(db, 'query').mockImplementation(((text: string, params?: unknown[]) => {
    if (mine.getStore()) sql.push(text);
    return real(text, params);
  }) as typeof real);
  try {
    return { value: await mine.run(true, fn), sql };
  } finally {
    spy.mockRestore();
  }
}

/** A signed-in request's session check: answered from the process's cache for up to a second, then asked again. */
export const isSessionCheck = (statement: string) => /\bfrom sessions\b/.test(statement);
