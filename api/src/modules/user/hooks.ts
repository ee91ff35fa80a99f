import type { Queryable } from '../../db/db.js';
import type { AccountBalance, Balances } from './repo.js';

/**
 * Seams where later modules plug into accounts without the user module knowing them: the wallet
 * supplies balances, and the wallet and orders each add a check that refuses closing an
 * account while money or open orders remain.
 */
export class AccountHooks {
  /**
   * The user object's balances from the user's ledger accounts (read with the user, in one statement); `countryId`
   * (the user's) picks the wallet currency.
   */
  balances: (accounts: AccountBalance[], countryId: number) => Promise<Balances> = async () => ({
    money: '0.00',
    rebate_money: '0.00',
    usd_rebate_money: '0.0000',
  });

  /** Each check returns the reason to refuse, or null. */
  readonly closureChecks: ((q: Queryable, userId: number) => Promise<string | null>)[] = [];

  async closureRefusal(q: Queryable, userId: number): Promise<string | null> {
    for (const check of this.closureChecks) {
      const reason = await check(q, userId);
      if (reason) return reason;
    }
    return null;
  }
}
