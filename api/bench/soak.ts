/**
 * `npm run bench:soak`: SOAK_MINUTES (10) of mixed traffic against the api on PostgreSQL, the api in
 * its own process with its caches expiring every few seconds:
 *  - sign-ins (argon2id, paced, spread over their own accounts so no per-account limit is reached);
 *  - signed-in and public reads (balance, orders, profile, countries, catalog);
 *  - sells, and a reviewer claiming and deciding them (credits);
 *  - withdrawals kept SOAK_MONEY_IN_FLIGHT (56) at a time on four hot wallets — a new four every 5 s,
 *    so each wallet's day holds a busy seller's withdrawals (some hundred), not the whole soak's
 *    (production caps a seller at 10 a day; the soak lifts that cap) — and finance settling them as
 *    they come (holds and settlements racing on the same wallet rows);
 *  - an admin changing a rate every 15 s (the cache invalidation over NOTIFY).
 * Prints per minute the requests, p50/p99, answers by kind (ok, business refusal, "busy", error) and
 * the api's RSS, then the refusals and errors seen, and the ledger check at the end. Exit 1 on an
 * error that is not a refusal or "busy", or on a ledger breach.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { signedBody } from '../src/lib/sign.js';
import { openPostgres, type Db } from '../src/db/db.js';
import { Ledger } from '../src/modules/ledger/ledger.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { createStaff, staffSession } from '../src/modules/ops/staff.js';
import { nubanCheckDigit } from '../src/modules/payment/nuban.js';
import { hashPassword } from '../src/shared/passwords.js';
import { DEFAULT_TIERS } from '../src/modules/kyc/tiers.js';
import { benchDatabase } from './scratch-db.js';
import { serve } from './child.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const MONEY_IN_FLIGHT = Number(process.env.SOAK_MONEY_IN_FLIGHT ?? 56);
const READERS = Number(process.env.SOAK_READERS ?? 8);
const HOT_WALLETS = 4;
/** How long one group of hot wallets takes the withdrawals before the next group does. */
const ROTATE_MS = 5_000;
const SIGN_IN_ACCOUNTS = 80;
const PASSWORD = 'soak-login-password';
const TIMEOUT_MS = 15_000;

type Kind = 'ok' | 'refused' | 'busy' | 'error';
interface Minute {
  lat: number[];
  kinds: Record<Kind, number>;
  rss: number;
}

const minutes: Minute[] = [];
const refusals = new Map<string, number>();
const errors = new Map<string, number>();
const t0 = Date.now();
const minute = (): Minute => {
  const i = Math.floor((Date.now() - t0) / 60_000);
  while (minutes.length <= i) minutes.push({ lat: [], kinds: { ok: 0, refused: 0, busy: 0, error: 0 }, rss: 0 });
  return minutes[i]!;
};
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

interface Reply {
  success: boolean;
  msg: string;
  code?: string;
  data: Record<string, unknown>;
}

/** One call, timed and classified; resolves with the reply when it is a success, else null. */
async function timed(label: string, send: () => Promise<Response>): Promise<Reply | null> {
  const start = performance.now();
  const m = minute();
  let kind: Kind = 'ok';
  let reply: Reply | null = null;
  try {
    const res = await send();
    const text = await res.text();
    let j: Reply | null = null;
    try {
      j = JSON.parse(text) as Reply;
    } catch {
      /* not an envelope */
    }
    if (!j || typeof j.success !== 'boolean') {
      kind = 'error';
      bump(errors, `${label}: HTTP ${res.status}, not an envelope`);
    } else if (j.success) {
      reply = j;
    } else if (res.status === 503 || /busy/i.test(j.msg)) {
      kind = 'busy';
    } else if (res.status >= 500) {
      kind = 'error';
      bump(errors, `${label}: HTTP ${res.status} ${j.msg}`);
    } else {
      kind = 'refused';
      bump(refusals, `${label}: ${j.msg}`);
    }
  } catch (err) {
    kind = 'error';
    bump(
      errors,
      `${label}: ` +
        `${(err as Error).name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS / 1000} s` : (err as Error).message}`,
    );
  }
  m.lat.push(performance.now() - start);
  m.kinds[kind]++;
  return reply;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * p))]!);
};

async function seller(
  db: Db,
  ledger: Ledger,
  n: number,
  fund: bigint,
  passwordHash: string,
): Promise<{ id: number; email: string; token: string }> {
  const email = `soak${n}-${randomBytes(3).toString('hex')}@example.com`;
  const id = (
    await db.query<{ id: number }>(
      'insert into users (username, email, email_verified, country_id, register_type, invite_code, password_hash) ' +
        'values ($1,$1,true,1,1,$2,$3) returning id',
      [email, randomBytes(6).toString('hex'), passwordHash],
    )
  ).rows[0]!.id;
  const token = randomBytes(32).toString('base64url');
  await db.query(
    "insert into sessions (user_id, token_hash, expires_at) values ($1, encode(sha256(convert_to($2, 'UTF8')), " +
      "'hex'), now() + interval '1 day')",
    [id, token],
  );
  if (fund > 0n) {
    await db.tx(async (q) => {
      const a = await ledger.userAccount(q, { userId: id, kind: 'cash', currency: 'NGN' });
      await ledger.transfer(q, {
        key: `soak-fund-${id}`,
        kind: 'correction',
        legs: [
          { account: a, amountMinor: fund },
          { account: await ledger.platformAccount(q, 'corrections', 'NGN'), amountMinor: -fund },
        ],
      });
    });
  }
  return { id, email, token };
}

async function main() {
  const scratch = await benchDatabase();
  if (!scratch) throw new Error('bench:soak needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL');
  const server = await serve(scratch.url, {
    COOLING_OFF_HOURS: '0',
    REVIEWER_DAILY_CAP: '{}',
    // Every cache refilled every few seconds, under the money traffic.
    CACHE_TTL_MS: '3000',
    // Level 3 without a daily ceiling in reach: the soak measures the withdrawal, not the tier's refusal.
    KYC_TIERS: JSON.stringify({
      ...DEFAULT_TIERS,
      NG: {
        ...DEFAULT_TIERS.NG!,
        levels: DEFAULT_TIERS.NG!.levels.map((l) =>
          l.level === 3
            ? { ...l, limits: { ...l.limits, NGN: { single: '5000000', daily: '100000000000', balance: null } } }
            : l,
        ),
      },
    }),
  });
  const db = await openPostgres(scratch.url, 4);
  const api = server.apiUrl;
  const until = Date.now() + MINUTES * 60_000;
  const running = () => Date.now() < until;
  const signal = () => AbortSignal.timeout(TIMEOUT_MS);
  const gc = (label: string, p: string, f: Record<string, string>) =>
    timed(label, () =>
      fetch(`${api}/gc${p}`, {
        method: 'POST',
        signal: signal(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signedBody(f)).toString(),
      }),
    );
  const ops = (label: string, token: string, p: string, body: unknown) =>
    timed(label, () =>
      fetch(`${api}${p}`, {
        method: 'POST',
        signal: signal(),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  try {
    // The money set-up, outside the measured traffic.
    await db.query(
      "update settings set value = jsonb_set(value, '{NGN,daily_count}', '10000000') where key = 'withdraw_limits'",
    );
    await db.query(
      "update settings set value = jsonb_set(value, '{NGN,daily_max}', '\"100000000000000\"') where key = " +
        "'withdraw_limits'",
    );
    const ledger = new Ledger();
    const passwordHash = await hashPassword(PASSWORD);
    const pinHash = await hashPassword('135246');
    // The money sellers: verified at level 3, a PIN, a bank account in the verified name, funded.
    const groups = Math.ceil((MINUTES * 60_000) / ROTATE_MS) + 1;
    const hot: { id: number; email: string; token: string; account: string }[] = [];
    for (let i = 0; i < groups * HOT_WALLETS; i++) {
      const s = await seller(db, ledger, i, 100_000_000_000_00n, passwordHash);
      const serial = String(200000000 + i).slice(-9);
      const account = (
        await db.query<{ id: bigint }>(
          'insert into payout_accounts (user_id, method, bank_id, account_no, account_name, is_default) values ($1, ' +
            "'BANK', 100, $2, 'SOAK SELLER', true) returning id",
          [s.id, serial + nubanCheckDigit('044', serial)],
        )
      ).rows[0]!.id;
      await db.query("update users set kyc_level = 3, kyc_name = 'SOAK SELLER', tpassword_hash = $2 where id = $1", [
        s.id,
        pinHash,
      ]);
      hot.push({ ...s, account: String(account) });
    }
    const t0Money = Date.now();
    /** The wallet a withdrawal loop uses now: one of the current group's four. */
    const hotNow = (w: number) =>
      hot[(Math.floor((Date.now() - t0Money) / ROTATE_MS) % groups) * HOT_WALLETS + (w % HOT_WALLETS)]!;
    const signIns = [];
    for (let i = 0; i < SIGN_IN_ACCOUNTS; i++) signIns.push(await seller(db, ledger, 100_000 + i, 0n, passwordHash));
    const reviewer = await staffSession(
      db,
      await createStaff(db, {
        email: `rev${Date.now()}@giftlane.ng`,
        name: 'Soak reviewer',
        role: 'reviewer',
        password: 'soak-operator-password',
      }),
    );
    const finance = await staffSession(
      db,
      await createStaff(db, {
        email: `fin${Date.now()}@giftlane.ng`,
        name: 'Soak finance',
        role: 'finance',
        password: 'soak-operator-password',
      }),
    );
    const admin = await staffSession(
      db,
      await createStaff(db, {
        email: `adm${Date.now()}@giftlane.ng`,
        name: 'Soak admin',
        role: 'admin',
        password: 'soak-operator-password',
      }),
    );

    console.log(
      `soak: ${MINUTES} min on PostgreSQL, ${MONEY_IN_FLIGHT} withdrawals in flight on ${HOT_WALLETS} wallets (a ` +
        `new four every ${ROTATE_MS / 1000} s), ${READERS} readers, caches expiring every 3 s`,
    );
    let seq = 0;
    const sold: string[] = [];
    const held: string[] = [];
    const loops: Promise<void>[] = [];
    // Withdrawals on hot wallets.
    for (let w = 0; w < MONEY_IN_FLIGHT; w++) {
      loops.push(
        (async () => {
          while (running()) {
            const s = hotNow(w);
            const r = await gc('withdraw/apply', '/withdraw/apply', {
              token: s.token,
              bank_id: s.account,
              amount: String(1500 + (seq % 500)),
              password: '135246',
              idempotency_key: `soak-w-${seq++}`,
            });
            const no = r?.data.withdraw_no;
            if (typeof no === 'string') held.push(no);
          }
        })(),
      );
    }
    // Finance settling held withdrawals as they come: paid, or failed (the hold goes back).
    for (let f = 0; f < 2; f++) {
      loops.push(
        (async () => {
          while (running()) {
            const no = held.shift();
            if (!no) {
              await new Promise((r) => setTimeout(r, 50));
              continue;
            }
            const paid = seq++ % 4 !== 0;
            await ops(
              'ops settle withdrawal',
              finance,
              `/ops/api/withdrawals/${no}/settle`,
              paid
                ? { outcome: 'paid', reference: `SOAK-${no}` }
                : { outcome: 'failed', reason: 'Soak: the bank refused the transfer' },
            );
          }
        })(),
      );
    }
    // Sells and their decisions.
    for (let o = 0; o < 4; o++) {
      loops.push(
        (async () => {
          while (running()) {
            const s = hot[o % HOT_WALLETS]!;
            const r = await gc('order/appadd', '/order/appadd', {
              token: s.token,
              user_memo: `SOAK-${seq}-CODE`,
              wallet_type: '1',
              idempotency_key: `soak-o-${seq++}`,
            });
            const no = r?.data.order_no;
            if (no !== undefined) sold.push(String(no));
            await new Promise((res) => setTimeout(res, 100));
          }
        })(),
      );
    }
    for (let d = 0; d < 3; d++) {
      loops.push(
        (async () => {
          while (running()) {
            const no = sold.shift();
            if (!no) {
              await new Promise((r) => setTimeout(r, 50));
              continue;
            }
            if (await ops('ops claim order', reviewer, `/ops/api/orders/${no}/claim`, {})) {
              await ops('ops decide order', reviewer, `/ops/api/orders/${no}/decide`, {
                lines: [{ status: 'success', card_id: 1, face_value: '25' }],
              });
            }
          }
        })(),
      );
    }
    // Reads, signed in and public.
    for (let r = 0; r < READERS; r++) {
      loops.push(
        (async () => {
          while (running()) {
            const s = hot[r % HOT_WALLETS]!;
            await gc('wallet/balance', '/wallet/balance', { token: s.token });
            await gc('ord/list', '/ord/list', { token: s.token, status: 'all', page: '0', page_size: '10' });
            await gc('user/userInfo', '/user/userInfo', { token: s.token });
            await gc('public/countrylist', '/public/countrylist', {});
            await gc('v2/card/catalog', '/v2/card/catalog', { country_id: '1', page: '0', page_size: '50' });
          }
        })(),
      );
    }
    // Sign-ins: two a second, round the accounts (each stays far under the per-account hourly cap).
    loops.push(
      (async () => {
        let i = 0;
        while (running()) {
          const a = signIns[i++ % signIns.length]!;
          await gc('user/applogin', '/user/applogin', { username: a.email, password: PASSWORD });
          await new Promise((r) => setTimeout(r, 500));
        }
      })(),
    );
    // A rate change every 15 s.
    loops.push(
      (async () => {
        let flip = false;
        while (running()) {
          await new Promise((r) => setTimeout(r, 15_000));
          flip = !flip;
          await ops('ops change rate', admin, '/ops/api/rates', {
            changes: [{ card_id: 1, currency: 'NGN', rate: flip ? '1410' : '1400' }],
            reason: 'Soak: market move',
          });
        }
      })(),
    );
    // The api's memory, sampled each 5 s (the minute keeps its last sample).
    loops.push(
      (async () => {
        while (running()) {
          minute().rss = rssMb(server.pid);
          await new Promise((r) => setTimeout(r, 5000));
        }
      })(),
    );
    const progress = setInterval(() => {
      const i = minutes.length - 2;
      const m = minutes[i];
      if (m)
        console.log(
          `  … minute ${i + 1}: ${m.lat.length} requests, p99 ${pct(m.lat, 0.99)} ms, ${m.kinds.error} errors, api ` +
            `RSS ${m.rss} MB`,
        );
    }, 60_000);
    await Promise.all(loops);
    clearInterval(progress);
    // What answered after the last minute (the loops' last calls) counts in that minute.
    while (minutes.length > MINUTES) {
      const tail = minutes.pop()!;
      const last = minutes[minutes.length - 1]!;
      last.lat.push(...tail.lat);
      for (const k of Object.keys(tail.kinds) as Kind[]) last.kinds[k] += tail.kinds[k];
    }

    console.log('\nminute  requests   req/s  p50 ms  p99 ms      ok  refused   busy  errors  api RSS MB');
    for (const [i, m] of minutes.entries()) {
      if (!m.lat.length) continue;
      const k = m.kinds;
      console.log(
        String(i + 1).padStart(6) +
          String(m.lat.length).padStart(10) +
          String(Math.round(m.lat.length / 60)).padStart(8) +
          String(pct(m.lat, 0.5)).padStart(8) +
          String(pct(m.lat, 0.99)).padStart(8) +
          String(k.ok).padStart(8) +
          String(k.refused).padStart(9) +
          String(k.busy).padStart(7) +
          String(k.error).padStart(8) +
          String(m.rss).padStart(12),
      );
    }
    const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
    console.log('\nrefusals (business answers):');
    for (const [k, n] of sorted(refusals).slice(0, 12)) console.log(`  ${String(n).padStart(7)}  ${k}`);
    console.log('errors (not a refusal, not "busy"):');
    for (const [k, n] of sorted(errors)) console.log(`  ${String(n).padStart(7)}  ${k}`);
    if (!errors.size) console.log('        0');

    const breaches = await checkLedger(db);
    console.log(
      breaches.length ? `LEDGER CHECK FAILED: ${JSON.stringify(breaches)}` : 'ledger check passed after the soak',
    );
    const full = minutes.filter((m) => m.lat.length);
    if (full.length >= 3) {
      const second = full[1]!;
      const last = full[full.length - 1]!;
      console.log(
        `p99 minute 2 → last: ${pct(second.lat, 0.99)} → ${pct(last.lat, 0.99)} ms; RSS ${second.rss} → ${last.rss} MB`,
      );
    }
    if (breaches.length || errors.size) process.exitCode = 1;
  } finally {
    await db.close();
    await server.stop();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
