// Reads through the pool are prepared statements of each PostgreSQL connection (db.ts), described once per text
// (prepared-read.ts): a migration (of any process) that changes what such a read returns must not make it fail, and a
// read of a statement already described reads its rows as the first did.
import pg from 'pg';
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

  describe('described once', () => {
    let two: TestDb;
    beforeAll(async () => {
      two = await freshDb('postgres', { max: 2 });
      await two.db.exec(
        'create table shape_probe (id int primary key, big int8, at timestamptz, doc jsonb, tags text[], note text);' +
          "insert into shape_probe values (1, 9007199254740993, '2026-11-28T05:00:00Z', '{\"a\": [1]}', '{x,y}', null)",
      );
    });
    afterAll(() => two.close());

    const SHAPE_READ = 'select id, big, at, doc, tags, note from shape_probe where id = $1';

    test('later executions, on every connection of the pool, read the rows the first read did', async () => {
      const describe = jest.spyOn(pg.Connection.prototype, 'describe');
      const parse = jest.spyOn(pg.Connection.prototype, 'parse');
      try {
        const first = await two.db.query(SHAPE_READ, [1]);
        expect(first.rows).toEqual([
          {
            id: 1,
            big: 9007199254740993n,
            at: new Date('2026-11-28T05:00:00Z'),
            doc: { a: [1] },
            tags: ['x', 'y'],
            note: null,
          },
        ]);
        expect(describe).toHaveBeenCalledTimes(1);
        // Twenty at once: the pool opens its second connection, which prepares the statement (one Parse) and reads
        // its rows with the shape the first connection was given.
        const parsed = parse.mock.calls.length;
        const later = await Promise.all(Array.from({ length: 20 }, () => two.db.query(SHAPE_READ, [1])));
        for (const r of later) expect(r).toEqual(first);
        expect(parse.mock.calls.length - parsed).toBe(1);
        expect(describe).toHaveBeenCalledTimes(1);
        expect(await two.db.query(SHAPE_READ, [2])).toEqual({ rows: [], rowCount: 0 });
      } finally {
        describe.mockRestore();
        parse.mockRestore();
      }
    });

    test('a described read that fails answers its error, and the connection reads on', async () => {
      const divide = 'select id / $1::int as q from shape_probe where id = 1';
      expect((await two.db.query(divide, [1])).rows).toEqual([{ q: 1 }]);
      for (let i = 0; i < 3; i++) await expect(two.db.query(divide, [0])).rejects.toThrow(/division by zero/);
      for (let i = 0; i < 4; i++) expect((await two.db.query(divide, [1])).rows).toEqual([{ q: 1 }]);
    });
  });
});
