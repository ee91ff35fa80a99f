import type { Queryable } from '../db.js';
import { banks, vipExpPerUnit, withdrawLimits, withdrawSettings } from '../seed/money.js';

/** Payout rails and money settings for a fresh database. */
export async function seedMoney(q: Queryable): Promise<void> {
  for (const [i, b] of banks.entries()) {
    await q.query('insert into banks (id, country_id, method, code, name, nuban, sort) values ($1,$2,$3,$4,$5,$6,$7)', [
      b.id,
      b.country,
      b.method,
      b.code,
      b.name,
      b.nuban ?? false,
      i,
    ]);
  }
  // The platform side of every journal, per wallet currency, so the ledger never creates one mid-request.
  await q.query(
    `insert into ledger_accounts (kind, user_id, currency_code)
     select k, null, c from unnest($1::text[]) k, (select distinct wallet_currency as c from countries union select ` +
      `'USDT') cs`,
    [['trade_payouts', 'promotions', 'withdrawals_in_flight', 'withdrawals_paid', 'fees', 'corrections']],
  );
  const settings: Record<string, unknown> = {
    withdraw_limits: withdrawLimits,
    vip_exp_per_unit: vipExpPerUnit,
    withdraw: withdrawSettings,
  };
  for (const [key, value] of Object.entries(settings)) {
    await q.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
      key,
      JSON.stringify(value),
    ]);
  }
}
