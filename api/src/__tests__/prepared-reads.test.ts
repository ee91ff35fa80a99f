// Reads through the pool are prepared statements of each PostgreSQL connection (db.ts): a migration (of any
// process) that changes what such a read returns must not make it fail.
import { freshDb, targets, type TestDb } from '../test/harness.js';

jest.setTimeout(60_000);

const onPg = targets().includes('postgres') ? describe : describe.skip;

onPg('prepared reads on postgres', () => {
  let t: TestDb;
  beforeAll(async () => {
    // One connection: every read below runs on the connection that prepared it.
    t = await freshDb('postgres', { max: 1 });
    await t.db.exec(
      'create table prepared_probe (id int primary key, a text); insert into prepared_probe values (1, $$x$$)',
    );
  });
  afterAll(() => t.close());

  const read = () => t.db.query<Record<string, unknown>>('select * from prepared_probe where id = $1', [1]);

  test('a read whose result columns a migration changed answers with the new columns', async () => {
    for (let i = 0; i < 6; i++) expect((await read()).rows).toEqual([{ id: 1, a: 'x' }]);
    await t.db.exec("alter table prepared_probe add column b text not null default 'y'");
    expect((await read()).rows).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    await t.db.exec('alter table prepared_probe drop column a');
    expect((await read()).rows).toEqual([{ id: 1, b: 'y' }]);
  });

  test(
    'with DB_PREPARED_STATEMENTS=0 (a pooler that cannot keep them) the connection holds no prepared ' + 'statement',
    async () => {
      const off = await freshDb('postgres', { max: 1, prepared: false });
      try {
        for (let i = 0; i < 3; i++) await off.db.query('select $1::int as n', [i]);
        expect((await off.db.query('select count(*)::int as n from pg_prepared_statements', [])).rows).toEqual([
          { n: 0 },
        ]);
        expect((await t.db.query('select count(*)::int as n from pg_prepared_statements', [])).rows[0]).not.toEqual({
          n: 0,
        });
      } finally {
        await off.close();
      }
    },
  );

  test('the same text with other values, and values of other types, reads what it should', async () => {
    await t.db.exec('insert into prepared_probe (id) values (2), (3)');
    const ids = t.db.query<{ id: number }>('select id from prepared_probe where id = any($1::int[]) order by id', [
      [2, 3],
    ]);
    expect((await ids).rows).toEqual([{ id: 2 }, { id: 3 }]);
    const again = await t.db.query<{ id: number }>(
      'select id from prepared_probe where id = any($1::int[]) order by id',
      [[1]],
    );
    expect(again.rows).toEqual([{ id: 1 }]);
  });
});
