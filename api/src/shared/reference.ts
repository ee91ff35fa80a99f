import type { Db } from '../db/db.js';
import { cached } from '../lib/cache.js';
import { AppError } from '../lib/envelope.js';
import type { LadderTier } from '@giftlane/shared-sdk/pricing';

export interface Currency {
  code: string;
  id: number;
  name: string;
  symbol: string;
  decimals: number;
  is_card_currency: boolean;
  sort: number;
}

export interface Country {
  id: number;
  name: string;
  short_name: string;
  dial_code: string;
  currency_code: string;
  wallet_currency: string;
  flag: string;
  withdrawal_method: number;
  money_detail: number;
  rebate_money_minor: bigint;
  rebate_money_register_minor: bigint;
  sort: number;
}

export interface VipLevel {
  level: number;
  name: string;
  exp_threshold: bigint;
  rate_bp: number;
}

/** The currency of a code in a table of them (Reference.currencies): for a list whose rows each name one. */
export function currencyIn(currencies: Map<string, Currency>, code: string): Currency {
  const c = currencies.get(code);
  if (!c) throw new Error(`unknown currency ${code}`);
  return c;
}

/**
 * Per country, what `pick` says of it, as a JSON object keyed by the country's id: a statement's parameter that the
 * statement looks its user's country up in (`$n::jsonb -> (u.country_id::text)`), one key read instead of a table of
 * every country joined to the user.
 */
export const perCountryJson = (countries: Country[], pick: (c: Country) => unknown) =>
  JSON.stringify(Object.fromEntries(countries.map((c) => [String(c.id), pick(c)])));

/**
 * The currencies, the enabled countries and the settings as their caches hold them (Reference.tables): look-ups
 * without a wait, for a request that makes many. The same object while none of the three is read again, so what is
 * made from them (a tier's limits in minor units) can be kept with it.
 */
export class RefTables {
  constructor(
    readonly currencies: Map<string, Currency>,
    readonly countries: Country[],
    readonly settings: Map<string, unknown>,
  ) {}

  currency(code: string): Currency {
    return currencyIn(this.currencies, code);
  }

  country(id: number): Country {
    const c = this.countries.find((x) => x.id === id);
    if (!c) throw new AppError('Country not found');
    return c;
  }

  setting<T>(key: string, fallback: T): T {
    const v = this.settings.get(key);
    return v === undefined ? fallback : (v as T);
  }
}

/**
 * Reference data every module reads (currencies, countries, VIP levels, ladder tiers, settings),
 * cached for a short while: it changes only by migration or an operator, and it is on the hot path.
 */
export class Reference {
  constructor(
    private readonly db: Db,
    ttlMs = 30_000,
  ) {
    this.currencies = cached(db, ttlMs, async (q) => {
      const r = await q.query<Currency>(
        'select code, id, name, symbol, decimals, is_card_currency, sort from currencies order by sort',
      );
      return new Map(r.rows.map((c) => [c.code, c]));
    });
    this.countries = cached(
      db,
      ttlMs,
      async (q) => (await q.query<Country>('select * from countries where enabled order by sort, id')).rows,
    );
    this.vipLevels = cached(
      db,
      ttlMs,
      async (q) => (await q.query<VipLevel>('select * from vip_levels order by level')).rows,
    );
    this.ladder = cached(db, ttlMs, async (q) => {
      const r = await q.query<{ currency_code: string; order_amount_minor: bigint; bonus_amount_minor: bigint }>(
        'select currency_code, order_amount_minor, bonus_amount_minor from ladder_tiers order by currency_code, ' +
          'order_amount_minor',
      );
      const m = new Map<string, LadderTier[]>();
      for (const t of r.rows) {
        const list = m.get(t.currency_code) ?? [];
        list.push({ orderAmountMinor: t.order_amount_minor, bonusAmountMinor: t.bonus_amount_minor });
        m.set(t.currency_code, list);
      }
      return m;
    });
    this.settings = cached(db, ttlMs, async (q) => {
      const r = await q.query<{ key: string; value: unknown }>('select key, value from settings');
      return new Map(r.rows.map((s) => [s.key, s.value]));
    });
  }

  readonly currencies: ReturnType<typeof cached<Map<string, Currency>>>;
  readonly countries: ReturnType<typeof cached<Country[]>>;
  readonly vipLevels: ReturnType<typeof cached<VipLevel[]>>;
  readonly ladder: ReturnType<typeof cached<Map<string, LadderTier[]>>>;
  readonly settings: ReturnType<typeof cached<Map<string, unknown>>>;

  private lastTables: RefTables | undefined;

  /** The currencies, countries and settings at once (see RefTables): one wait, none when all three are kept. */
  async tables(): Promise<RefTables> {
    let currencies = this.currencies.peek();
    let countries = this.countries.peek();
    let settings = this.settings.peek();
    if (!currencies || !countries || !settings)
      [currencies, countries, settings] = await Promise.all([this.currencies(), this.countries(), this.settings()]);
    const last = this.lastTables;
    if (last && last.currencies === currencies && last.countries === countries && last.settings === settings)
      return last;
    return (this.lastTables = new RefTables(currencies, countries, settings));
  }

  async currency(code: string): Promise<Currency> {
    return (await this.tables()).currency(code);
  }

  /** Values made from the countries list, each under its key, with the list they were made from. */
  private readonly fromCountries = new WeakMap<object, { countries: Country[]; value: unknown }>();

  /**
   * A value made from the countries list by `build`, kept until the list is read again. `key` names what the value
   * depends on besides the list (by default `build` itself, a module-level function).
   */
  async perCountries<T>(build: (countries: Country[]) => T, key: object = build): Promise<T> {
    const countries = await this.countries();
    const kept = this.fromCountries.get(key);
    if (kept?.countries === countries) return kept.value as T;
    const value = build(countries);
    this.fromCountries.set(key, { countries, value });
    return value;
  }

  async country(id: number): Promise<Country> {
    return (await this.tables()).country(id);
  }

  async setting<T>(key: string, fallback: T): Promise<T> {
    return (await this.tables()).setting(key, fallback);
  }

  async vipBp(level: number): Promise<number> {
    return (await this.vipLevels()).find((v) => v.level === level)?.rate_bp ?? 0;
  }

  /**
   * Loads every cached table now. Money paths call it before opening a transaction, so that the
   * transaction (and the row locks it holds) is not kept open while a cache refills. A miss inside
   * one still answers: it reads through that transaction's client, for itself (lib/cache.ts).
   */
  async warm(): Promise<void> {
    await Promise.all([this.currencies(), this.countries(), this.vipLevels(), this.ladder(), this.settings()]);
  }

  clear(): void {
    for (const c of [this.currencies, this.countries, this.vipLevels, this.ladder, this.settings]) c.clear();
  }
}
