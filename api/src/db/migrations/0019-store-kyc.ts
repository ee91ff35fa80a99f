import { IdentityVault, dateOfBirthContext } from '../../modules/kyc/vault.js';
import type { Queryable } from '../db.js';
import type { MigrationContext } from './index.js';

/**
 * Dates of birth sealed like ID numbers: `kyc_checks.date_of_birth` was readable
 * in a dump beside the sealed numbers. The new column holds the date sealed with the identity
 * vault (envelope encryption, api/src/modules/kyc/vault.ts, bound to the user and the field); the
 * dates already kept are sealed here, with the key the api runs with, and the plain column goes.
 * The api's role keeps its table-level grants (api/src/db/roles.ts): nothing to grant anew.
 */
export async function sealDatesOfBirth(q: Queryable, ctx: MigrationContext): Promise<void> {
  await q.exec("alter table kyc_checks add column date_of_birth_sealed text not null default ''");
  const plain = await q.query<{ id: string; user_id: number; dob: string }>(
    "select id::text as id, user_id, to_char(date_of_birth, 'YYYY-MM-DD') as dob from kyc_checks where " +
      'date_of_birth is not null order by id',
  );
  if (plain.rows.length) {
    if (!ctx.kycDataKey)
      throw new Error(
        '0019-store-kyc: dates of birth are kept in plain text and need KYC_DATA_KEY (the key the api seals ID ' +
          'numbers with) to be sealed; start the api itself to migrate',
      );
    const vault = new IdentityVault(ctx.kycDataKey);
    for (const r of plain.rows) {
      await q.query('update kyc_checks set date_of_birth_sealed = $2 where id = $1::bigint', [
        r.id,
        vault.seal(r.dob, dateOfBirthContext(r.user_id)),
      ]);
    }
  }
  await q.exec('alter table kyc_checks drop column date_of_birth');
}
