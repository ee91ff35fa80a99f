/**
 * `npm run bench:money -w api`: withdrawals and order approvals per second on PostgreSQL, with p99,
 * through the real HTTP api, on the database `benchDatabase` gives (DATABASE_URL, or a scratch one).
 */
import { randomBytes } from 'node:crypto';
import { startApi } from '../src/start.js';
import { signedBody } from '../src/lib/sign.js';
import { openPostgres } from '../src/db/db.js';
import { Ledger } from '../src/modules/ledger/ledger.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { createStaff, staffSession } from '../src/modules/ops/staff.js';
import { nubanCheckDigit } from '../src/modules/payment/nuban.js';
import { hashPassword } from '../src/shared/passwords.js';
import { benchDatabase } from './scratch-db.js';

const N = Number(process.env.BENCH_OPS ?? 400);
const C = Number(process.env.BENCH_CONCURRENCY ?? 20);

async function pool<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>) {
  const lat: number[] = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const s = performance.now();
        try {
          await fn(i);
        } catch {
          failed++;
        }
        lat.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return {
    perSec: Math.round(count / secs),
    p50: Math.round(lat[Math.floor(lat.length * 0.5)] ?? 0),
    p99: Math.round(lat[Math.floor(lat.length * 0.99)] ?? 0),
    failed,
  };
}

async function main() {
  const scratch = await benchDatabase();
  if (!scratch) throw new Error('bench:money needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL');
  const { url } = scratch;
  // One reviewer approves all 400 orders: without a daily cap, as the bench measures the decision itself.
  const api = await startApi({
    port: 0,
    databaseUrl: url,
    logLevel: 'warn',
    env: {
      NODE_ENV: 'test',
      COOLING_OFF_HOURS: '0',
      RATE_LIMIT_AUTH_PER_MIN: '100000000',
      RATE_LIMIT_CODE_PER_MIN: '100000000',
      REVIEWER_DAILY_CAP: '{}',
    },
  });
  const db = await openPostgres(url, 4);
  try {
    const call = async (p: string, f: Record<string, string>) => {
      const r = await fetch(`${api.url}/gc${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signedBody(f)).toString(),
      });
      const j = (await r.json()) as { success: boolean; msg: string; data: Record<string, unknown> };
      if (!j.success) throw new Error(j.msg);
      return j.data;
    };
    const ops = async (token: string, path: string, body: unknown) => {
      const r = await fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const j = (await r.json()) as { success: boolean; msg: string };
      if (!j.success) throw new Error(j.msg);
    };
    // A seller with money, a PIN and a bank account.
    const email = `bench${Date.now()}@example.com`;
    const uid = (
      await db.query<{ id: number }>(
        'insert into users (username, email, email_verified, country_id, register_type, invite_code, password_hash) ' +
          'values ($1,$1,true,1,1,$2,$3) returning id',
        [email, randomBytes(6).toString('hex'), await hashPassword('bench-login-password')],
      )
    ).rows[0]!.id;
    const token = randomBytes(32).toString('base64url');
    await db.query(
      "insert into sessions (user_id, token_hash, expires_at) values ($1, encode(sha256(convert_to($2, 'UTF8')), " +
        "'hex'), now() + interval '1 day')",
      [uid, token],
    );
    await db.query(
      "update settings set value = jsonb_set(value, '{NGN,daily_count}', '100000') where key = 'withdraw_limits'",
    );
    await db.query(
      "update settings set value = jsonb_set(value, '{NGN,daily_max}', '\"100000000000\"') where key = " +
        "'withdraw_limits'",
    );
    const ledger = new Ledger();
    await db.tx(async (q) => {
      const a = await ledger.userAccount(q, { userId: uid, kind: 'cash', currency: 'NGN' });
      await ledger.transfer(q, {
        key: 'bench-fund',
        kind: 'correction',
        legs: [
          { account: a, amountMinor: 10_000_000_000n },
          { account: await ledger.platformAccount(q, 'corrections', 'NGN'), amountMinor: -10_000_000_000n },
        ],
      });
    });
    await call('/withdraw/transactionPassword', { token, login_password: 'bench-login-password', password: '135246' });
    const serial = '246813579';
    const acct = await call('/payment/add', {
      token,
      password: 'bench-login-password',
      t_password: '135246',
      payment_id: '1',
      bank_id: '100',
      account_no: serial + nubanCheckDigit('044', serial),
      account_name: '',
    });

    // Verified at level 3 in the account's name (the benchmark measures the withdrawal, not verification).
    await db.query(
      'update users set kyc_level = 3, kyc_name = (select account_name from payout_accounts where user_id = $1 ' +
        'limit 1) where id = $1',
      [uid],
    );
    const withdrawals = await pool(N, C, (i) =>
      call('/withdraw/apply', {
        token,
        bank_id: String(acct.bank_id),
        amount: '1500',
        password: '135246',
        idempotency_key: `bench-w-${i}`,
      }),
    );

    // Orders to approve: submitted, then claimed by one operator.
    const staff = await createStaff(db, {
      email: `ops${Date.now()}@giftlane.ng`,
      name: 'Bench',
      role: 'reviewer',
      password: 'bench-operator-password',
    });
    const staffToken = await staffSession(db, staff);
    const orders: string[] = [];
    for (let i = 0; i < N; i++)
      orders.push(
        String(
          (
            await call('/order/appadd', {
              token,
              user_memo: `CODE-${i}`,
              wallet_type: '1',
              idempotency_key: `bench-o-${i}`,
            })
          ).order_no,
        ),
      );
    await pool(N, C, (i) => ops(staffToken, `/ops/api/orders/${orders[i]}/claim`, {}));
    const approvals = await pool(N, C, (i) =>
      ops(staffToken, `/ops/api/orders/${orders[i]}/decide`, {
        lines: [{ status: 'success', card_id: 1, face_value: '25' }],
      }),
    );

    const breaches = await checkLedger(db);
    console.log(`\nmoney bench on PostgreSQL: ${N} operations each, ${C} concurrent, over HTTP`);
    console.table({ 'withdraw/apply (hold)': withdrawals, 'ops approve order (credit)': approvals });
    console.log(
      breaches.length ? `LEDGER CHECK FAILED: ${JSON.stringify(breaches)}` : 'ledger check passed after the bench',
    );
    if (breaches.length || withdrawals.failed || approvals.failed) process.exitCode = 1;
  } finally {
    await db.close();
    await api.close();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
