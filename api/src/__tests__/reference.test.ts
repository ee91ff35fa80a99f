import { Reference, type Country } from '../shared/reference.js';
import { freshDb, type TestDb } from '../test/harness.js';

/**
 * What the statements that read the reference data inside them are given (the money standing's wallets, the
 * Verification screen's tiers): made from the countries once, and made again when the countries are read again.
 */
describe('values made from the reference data’s countries', () => {
  // A fresh embedded database with every migration: seconds on a busy machine (jest's 5 s ran out once).
  jest.setTimeout(60_000);
  let tdb: TestDb;
  beforeAll(async () => {
    tdb = await freshDb('pglite');
  });
  afterAll(async () => {
    await tdb?.close();
  });

  test('kept while the countries are the same, made again from the new ones after a reload, one per key', async () => {
    const ref = new Reference(tdb.db);
    let made = 0;
    const names = (countries: Country[]) => {
      made++;
      return countries.map((c) => c.name).join(', ');
    };
    const first = await ref.perCountries(names);
    expect(await ref.perCountries(names)).toBe(first);
    expect(made).toBe(1);

    // Another key (what else the value depends on, such as a set of tiers) has a value of its own.
    const tiers = {};
    expect(await ref.perCountries(names, tiers)).toBe(first);
    expect(made).toBe(2);

    const before = (await ref.countries())[0]!;
    await tdb.db.query('update countries set name = $2 where id = $1', [before.id, `${before.name} (renamed)`]);
    expect(await ref.perCountries(names)).toBe(first);
    ref.clear();
    expect(await ref.perCountries(names)).toContain(`${before.name} (renamed)`);
    expect(made).toBe(3);
  });

  test(
    'the tables a money read looks up in: one set while kept, the new values after a reload, its ' + 'words',
    async () => {
      const ref = new Reference(tdb.db);
      const first = await ref.tables();
      expect(await ref.tables()).toBe(first);
      const ng = first.countries.find((c) => c.short_name === 'NG')!;
      expect(first.currency(ng.wallet_currency).code).toBe('NGN');
      expect(first.country(ng.id).name).toBe(ng.name);
      expect(first.setting('no such setting', 'fallback')).toBe('fallback');
      expect(() => first.country(-1)).toThrow('Country not found');
      await expect(ref.country(-1)).rejects.toThrow('Country not found');

      await tdb.db.query('update currencies set symbol = $2 where code = $1', ['NGN', 'N']);
      expect((await ref.tables()).currency('NGN').symbol).toBe(first.currency('NGN').symbol);
      ref.clear();
      const second = await ref.tables();
      expect(second).not.toBe(first);
      expect(second.currency('NGN').symbol).toBe('N');
      expect((await ref.currency('NGN')).symbol).toBe('N');
    },
  );
});
