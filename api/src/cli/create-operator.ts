/**
 * `npm run ops:create -w api -- --email ops@example.com --name "Ada" [--role admin]`: creates an
 * operator. The password comes from OPS_PASSWORD or is read from the terminal (never an argument,
 * so it stays out of shell history). The first operator should be an admin. They enrol an
 * authenticator app at their first sign-in; OPS_TOTP_SECRET (base32) enrols a known secret instead,
 * for provisioning by a script.
 *
 * On PostgreSQL (DATABASE_URL) it runs while the site runs. On the embedded database (a DATA_DIR
 * folder) it refuses, exit 1, while the running site holds the folder: stop the site first.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { openDb, type Db } from '../db/db.js';
import { DataDirInUse } from '../db/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { AppError } from '../lib/envelope.js';
import { enrolKnownSecret } from '../modules/ops/sign-in.js';
import { createStaff, ROLES, type Role } from '../modules/ops/staff.js';
import { audit } from '../shared/audit.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' } },
  });
  if (!values.email || !values.name || !ROLES.includes(values.role as Role)) {
    console.error(
      `usage: create-operator --email <email> --name <name> [--role ${ROLES.join('|')}]  (password from ` +
        `OPS_PASSWORD or prompted)`,
    );
    return 2;
  }
  let password = process.env.OPS_PASSWORD ?? '';
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = (await rl.question('Password (at least 12 characters): ')).trim();
    rl.close();
  }
  const config = loadConfig();
  let db: Db;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    // The site running on the embedded database holds its folder: nothing is written, and no
    // success is claimed.
    if (err instanceof DataDirInUse) {
      console.error(`operator not created: ${err.message}`);
      return 1;
    }
    throw err;
  }
  try {
    await migrate(db, undefined, { kycDataKey: config.kyc.dataKey });
    const id = await db.tx(async (q) => {
      const staffId = await createStaff(q, {
        email: values.email as string,
        name: values.name as string,
        role: values.role as Role,
        password,
      });
      await audit(q, {
        staffId: null,
        action: 'staff.create',
        targetType: 'staff',
        targetId: String(staffId),
        reason: 'command-line tool',
        details: { email: values.email, role: values.role },
      });
      if (process.env.OPS_TOTP_SECRET) {
        await enrolKnownSecret(q, config, { staffId, secret: process.env.OPS_TOTP_SECRET });
        await audit(q, {
          staffId: null,
          action: 'totp.enrol',
          targetType: 'staff',
          targetId: String(staffId),
          reason: 'command-line tool (OPS_TOTP_SECRET)',
        });
      }
      return staffId;
    });
    console.log(`operator ${id} created: ${values.email} (${values.role})`);
    return 0;
  } catch (err) {
    console.error(
      err instanceof AppError
        ? err.message
        : (err as { code?: string }).code === '23505'
          ? 'an operator with this e-mail exists'
          : String(err),
    );
    return 1;
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code));
