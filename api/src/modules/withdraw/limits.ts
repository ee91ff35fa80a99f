// The platform's withdrawal limits per currency (the withdraw_limits setting): one withdrawal's
// minimum and maximum, the day's total and count, the fee.
import type { RefTables, Reference } from '../../shared/reference.js';

export interface Limits {
  min: string;
  max: string;
  daily_max: string;
  daily_count: number;
  fee: string;
}

export type PlatformLimits = { min: bigint; max: bigint; dailyMax: bigint; dailyCount: number; fee: bigint };

export async function limitsFor(ref: Reference, currency: string): Promise<Readonly<PlatformLimits>> {
  return limitsIn(await ref.tables(), currency);
}

/** Per reference tables read (they are replaced, never changed), each currency's limits as read from them. */
const made = new WeakMap<RefTables, Map<string, Readonly<PlatformLimits>>>();

/** limitsFor with the reference tables in hand (read from them once per currency). */
export function limitsIn(tables: RefTables, currency: string): Readonly<PlatformLimits> {
  let byCurrency = made.get(tables);
  if (!byCurrency) made.set(tables, (byCurrency = new Map()));
  const kept = byCurrency.get(currency);
  if (kept) return kept;
  const all = tables.setting<Record<string, Limits>>('withdraw_limits', {});
  const l = all[currency] ?? { min: '1', max: '0', daily_max: '0', daily_count: 0, fee: '0' };
  const limits = Object.freeze({
    min: BigInt(l.min),
    max: BigInt(l.max),
    dailyMax: BigInt(l.daily_max),
    dailyCount: l.daily_count,
    fee: BigInt(l.fee),
  });
  byCurrency.set(currency, limits);
  return limits;
}
