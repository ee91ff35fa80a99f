import type { Db } from '../db/db.js';
import { statementsDuring } from '../test/statements.js';

// The helper's own promise: a statement from a timer started outside the request (the job queue's poll) is not
// counted, however it interleaves, while every statement of the request's own chain is.
test('statementsDuring counts the request’s statements, not a background poll landing in the same window', async () => {
  const db = { query: async (text: string) => ({ rows: [{ text }] }) } as unknown as Db;
  let polled = 0;
  const poll = setInterval(() => void db.query('select 1 from pgboss.job').then(() => polled++), 1);
  try {
    const { value, sql } = await statementsDuring(db, async () => {
      await db.query('select a');
      await new Promise((r) => setTimeout(r, 30));
      const [b] = await Promise.all([db.query('select b'), new Promise((r) => setImmediate(r))]);
      return b;
    });
    expect(value).toEqual({ rows: [{ text: 'select b' }] });
    expect(sql).toEqual(['select a', 'select b']);
    expect(polled).toBeGreaterThan(0);
  } finally {
    clearInterval(poll);
  }
});
