/**
 * Indexes for the reads every signed-in page makes. `ledger_accounts_key` leads with `kind`, so
 * "this user's accounts" (userInfo, wallet/balance) scanned the whole table; on a real user base that
 * is the difference between a lookup and a scan on every request.
 */
export const sql = /* sql */ `
create index ledger_accounts_user_idx on ledger_accounts (user_id) where user_id is not null;
`;
