import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { CATALOG_CHANNEL } from '../modules/catalog/repo.js';
import { DEAD_LETTER_MESSAGES } from '../modules/ops/dead-letter-routes.js';
import { OTP_MESSAGES } from '../modules/user/otp.js';
import { freshDb, targets, testApp, uniqueEmail, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall } from '../test/money.js';
import type { Config } from '../config/env.js';

/**
 * Outgoing messages never hold a request and are never lost. A real SMTP server
 * (smtp-server) counts deliveries; raw TCP servers play the mail server that never greets, the one
 * that greets and then stalls, and the one that is not there (connection refused).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (bounded) until check() answers truthy; answers it, or the last falsy value. */
async function until<T>(check: () => Promise<T> | T, ms = 15_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  let v = await check();
  while (!v && Date.now() < end) {
    await sleep(every);
    v = await check();
  }
  return v;
}

type Mode = 'healthy' | 'silent' | 'greet-then-stall' | 'reject';

/**
 * One port, whose behaviour a test switches: a real SMTP server (smtp-server) that accepts and
 * counts, or a raw TCP server that never greets, greets then stalls, or answers 421 (try later).
 * Each connection's time is noted, so retries and their spacing can be seen.
 */
async function switchableSmtp() {
  let mode: Mode = 'healthy';
  const delivered: { to: string; body: string; at: number }[] = [];
  const connections: { at: number; mode: Mode }[] = [];
  const sockets = new Set<Socket>();
  const real = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString()));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) delivered.push({ to: r.address, body, at: Date.now() });
        cb();
      });
    },
  });
  const front: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
    connections.push({ at: Date.now(), mode });
    if (mode === 'healthy') {
      // Hand the connection to the real server.
      real.server.emit('connection', s);
      return;
    }
    if (mode === 'greet-then-stall') s.write('220 stall.test ESMTP\r\n');
    if (mode === 'reject') s.end('421 4.3.2 Service not available, try again later\r\n');
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  const port = (front.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    connections,
    set: (m: Mode) => {
      mode = m;
    },
    to: (address: string) => delivered.filter((d) => d.to === address),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => front.close(() => r()));
      await new Promise<void>((r) => real.close(() => r()));
    },
  };
}

/** The settings of these tests: short SMTP bounds, fast polling, 2 retries a second apart (doubling). */
const fast = (smtpUrl: string): Partial<Config> => ({
  smtpUrl,
  smtpTimeouts: { connectionMs: 500, greetingMs: 500, socketMs: 700 },
  jobs: { pollIntervalMs: 500, outboxRetryLimit: 2, outboxRetryDelayS: 1 },
});

const outboxOf = async (t: TestApp, to: string) =>
  (
    await t.db.query<{
      id: bigint;
      status: string;
      attempts: number;
      last_error: string | null;
      code: string | null;
      body: string;
    }>('select id, status, attempts, last_error, code, body from outbox where recipient = $1 order by id', [to])
  ).rows;

describe.each(targets({ embedded: true }))('the outbox on %s', (target) => {
  jest.setTimeout(60_000);
  let tdb: TestDb;
  let smtp: Awaited<ReturnType<typeof switchableSmtp>>;
  let t: TestApp;
  let admin: { id: number; token: string };

  beforeAll(async () => {
    tdb = await freshDb(target);
    smtp = await switchableSmtp();
    t = await testApp(tdb, fast(smtp.url));
    admin = await makeStaff(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await tdb?.close();
  });
  afterEach(() => smtp.set('healthy'));

  test.each(['silent', 'greet-then-stall', 'reject'] as const)(
    'a code request answers within 2 s when the mail server is %s; the message is retried with backoff, then dead, ' +
      'listed for staff',
    async (mode) => {
      smtp.set(mode);
      const email = uniqueEmail();
      const start = Date.now();
      const r = await t.call('/user/sendEmailVerifyCode', { email });
      expect(Date.now() - start).toBeLessThan(2000);
      expect(r).toMatchObject({ success: true });

      // Three attempts (the first and 2 retries), then dead.
      const dead = await until(async () => (await outboxOf(t, email)).find((m) => m.status === 'dead'), 30_000);
      expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
      expect(dead!.last_error).toBeTruthy();
      // A dead code is not kept.
      expect(dead!.code).toBeNull();
      expect(smtp.to(email)).toHaveLength(0);

      // The seller who types what they have is told the code could not be delivered.
      expect(
        await t.call('/user/appregister', { country_id: '1', email, password: 'Secret123!', code: '0000' }),
      ).toMatchObject({ success: false, msg: OTP_MESSAGES.undelivered });

      // Staff see it: what, to whom (masked), attempts, the last error, when.
      const letterId = Number(
        (await t.db.query<{ id: bigint }>('select id from dead_jobs where outbox_id = $1', [String(dead!.id)])).rows[0]!
          .id,
      );
      const list = await opsCall<
        { id: number; kind: string; recipient: string; attempts: number; last_error: string; failed_at: string }[]
      >(t, admin.token, 'GET', '/ops/api/dead-letters');
      expect(list.status).toBe(200);
      const mine = list.data.find((d) => d.id === letterId);
      expect(mine).toMatchObject({
        kind: 'email',
        recipient: 'u…@example.com',
        attempts: 3,
        last_error: expect.any(String),
        failed_at: expect.any(String),
      });
      expect(JSON.stringify(list.data)).not.toContain(email);

      // A code is not retried by staff (it would be stale): the seller asks again, at once (the 60 s wait is waived).
      expect(
        await opsCall(t, admin.token, 'POST', `/ops/api/dead-letters/${mine!.id}/retry`, {
          reason: 'mail server back',
        }),
      ).toMatchObject({ success: false, msg: DEAD_LETTER_MESSAGES.code });
      smtp.set('healthy');
      expect(await t.call('/user/sendEmailVerifyCode', { email })).toMatchObject({ success: true });
      const mail = await until(() => smtp.to(email)[0]);
      const code = mail?.body.match(/code is (\d{4})/)?.[1];
      expect(code).toMatch(/^\d{4}$/);
      expect(await t.call('/user/appregister', { country_id: '1', email, password: 'Secret123!', code })).toMatchObject(
        { success: true },
      );
    },
  );

  test('retries are spaced with backoff, and a retry delivers once the mail server is healthy again', async () => {
    smtp.set('reject');
    const email = uniqueEmail();
    const before = smtp.connections.length;
    expect(await t.call('/user/sendEmailVerifyCode', { email })).toMatchObject({ success: true });
    // Two refused attempts, then the server is healthy for the third.
    await until(() => smtp.connections.length - before >= 2, 20_000, 20);
    smtp.set('healthy');
    const mail = await until(() => smtp.to(email)[0], 20_000);
    expect(mail?.body).toMatch(/code is \d{4}/);
    await until(async () => (await outboxOf(t, email))[0]?.status === 'sent');
    const tries = smtp.connections.slice(before).map((c) => c.at);
    expect(tries.length).toBeGreaterThanOrEqual(3);
    // First retry after about a second, the second after about two or more (doubling, with jitter).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(900);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(1800);
    expect((await outboxOf(t, email))[0]).toMatchObject({ status: 'sent', attempts: 3, code: null, body: '' });
    expect(smtp.to(email)).toHaveLength(1);
  });

  test('a dead message is sent again by an admin once the provider is back, audited, once', async () => {
    smtp.set('silent');
    // The contact form's acknowledgement (its case's reference) to the writer: a message that dies.
    const writer = 'ada@example.com';
    expect(
      await t.call('/public/contact', {
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Payout',
        message: `Where is my payout? ${target}`,
      }),
    ).toMatchObject({ success: true });
    const dead = await until(
      async () => (await outboxOf(t, writer)).find((m) => m.status === 'dead' && m.body.includes(target)),
      30_000,
    );
    expect(dead).toBeDefined();
    const rows = await t.db.query<{ id: bigint }>('select id from dead_jobs where outbox_id = $1', [String(dead!.id)]);
    const id = Number(rows.rows[0]!.id);
    expect(
      (await opsCall<{ id: number; kind: string }[]>(t, admin.token, 'GET', '/ops/api/dead-letters')).data.find(
        (d) => d.id === id,
      ),
    ).toMatchObject({ kind: 'email' });

    const reviewer = await makeStaff(t, 'reviewer');
    expect(
      (await opsCall(t, reviewer.token, 'POST', `/ops/api/dead-letters/${id}/retry`, { reason: 'back' })).status,
    ).toBe(403);
    expect((await opsCall(t, reviewer.token, 'GET', '/ops/api/dead-letters')).status).toBe(403);

    smtp.set('healthy');
    const retried = await Promise.all(
      [1, 2, 3].map(() =>
        opsCall(t, admin.token, 'POST', `/ops/api/dead-letters/${id}/retry`, { reason: 'mail server is back' }),
      ),
    );
    expect(retried.filter((r) => r.success)).toHaveLength(1);
    expect(retried.filter((r) => !r.success).map((r) => r.msg)).toEqual([
      DEAD_LETTER_MESSAGES.gone,
      DEAD_LETTER_MESSAGES.gone,
    ]);
    const mail = await until(() => smtp.to(writer).find((m) => m.body.includes(target)));
    expect(mail).toBeDefined();
    await sleep(300);
    expect(smtp.to(writer).filter((m) => m.body.includes(target))).toHaveLength(1);
    // Sent: its text is not kept.
    expect(
      await until(async () => (await outboxOf(t, writer)).find((m) => m.id === dead!.id && m.status === 'sent')),
    ).toMatchObject({ status: 'sent', body: '', code: null });
    const audit = await t.db.query<{ staff_id: number; reason: string }>(
      "select staff_id, reason from audit_log where action = 'job.retry' and target_id = $1",
      [String(id)],
    );
    expect(audit.rows).toEqual([{ staff_id: admin.id, reason: 'mail server is back' }]);
    // No longer listed.
    expect(
      (await opsCall<{ id: number }[]>(t, admin.token, 'GET', '/ops/api/dead-letters')).data.some((d) => d.id === id),
    ).toBe(false);
  });

  test(
    'a job survives an app restart: enqueued while the mail server is away, app closed, a new app ' + 'sends it',
    async () => {
      // A database of its own: no other app of this file may take the job.
      const own = await freshDb(target);
      const outboxOf = async (_t: TestApp, to: string) =>
        (await own.db.query<{ status: string }>('select status from outbox where recipient = $1 order by id', [to]))
          .rows;
      // A port where nothing listens yet.
      const hole = createServer();
      await new Promise<void>((r) => hole.listen(0, '127.0.0.1', () => r()));
      const port = (hole.address() as AddressInfo).port;
      await new Promise<void>((r) => hole.close(() => r()));
      const first = await testApp(own, {
        ...fast(`smtp://127.0.0.1:${port}`),
        jobs: { pollIntervalMs: 500, outboxRetryLimit: 5, outboxRetryDelayS: 1 },
      });
      const email = uniqueEmail();
      expect(await first.call('/user/sendEmailVerifyCode', { email })).toMatchObject({ success: true });
      await first.close();
      expect((await outboxOf(t, email))[0]?.status).not.toBe('sent');

      // The mail server comes up on that port; a new app (no request of its own) sends the message.
      const later = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, cb) {
          let body = '';
          stream.on('data', (c: Buffer) => (body += c.toString()));
          stream.on('end', () => {
            got.push({ to: session.envelope.rcptTo[0]!.address, body });
            cb();
          });
        },
      });
      const got: { to: string; body: string }[] = [];
      await new Promise<void>((r) => later.listen(port, '127.0.0.1', () => r()));
      const second = await testApp(own, {
        ...fast(`smtp://127.0.0.1:${port}`),
        jobs: { pollIntervalMs: 500, outboxRetryLimit: 5, outboxRetryDelayS: 1 },
      });
      try {
        expect(await until(() => got.find((m) => m.to === email), 30_000)).toBeDefined();
        // The message is marked sent once the mail server has taken it (a moment after it arrives).
        expect(await until(async () => (await outboxOf(t, email))[0]?.status === 'sent', 10_000)).toBe(true);
      } finally {
        await second.close();
        await new Promise<void>((r) => later.close(() => r()));
        await own.close();
      }
    },
  );

  test('a scheduled rate change is announced to every process when it takes effect (a queued job)', async () => {
    const heard: number[] = [];
    const off = await t.db.listen(CATALOG_CHANNEL, () => heard.push(Date.now()));
    try {
      const at = new Date(Date.now() + 2500);
      const r = await opsCall(t, admin.token, 'POST', '/ops/api/rates', {
        changes: [{ card_id: 1, currency: 'NGN', rate: '1234.5' }],
        effective_at: at.toISOString(),
        reason: 'evening rate',
      });
      expect(r).toMatchObject({ success: true });
      await sleep(500);
      const announcedAtSchedule = heard.length;
      const later = await until(() => heard.some((h) => h >= at.getTime() - 50), 10_000);
      expect(later).toBe(true);
      expect(heard.length).toBeGreaterThan(announcedAtSchedule);
    } finally {
      await off();
    }
  });

  test('push: an Expo push service that fails is retried with backoff until it takes the message', async () => {
    // Expo's push API, answering 503 to the first two requests.
    const seen: { at: number; body: { to: string; title: string }[] }[] = [];
    const expo = createHttpServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { to: string; title: string }[];
        seen.push({ at: Date.now(), body });
        if (seen.length <= 2) return void res.writeHead(503).end('{}');
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: body.map(() => ({ status: 'ok', id: 'x' })) }));
      });
    });
    await new Promise<void>((r) => expo.listen(0, '127.0.0.1', () => r()));
    const own = await freshDb(target);
    const p = await testApp(own, {
      ...fast(smtp.url),
      push: { url: `http://127.0.0.1:${(expo.address() as AddressInfo).port}/push`, intervalMs: 0 },
    });
    try {
      await p.app.push.flush(); // the first scan notes where the notices stand
      const u = await makeUser(p);
      await p.db.query(
        "insert into push_tokens (token, user_id, device_no) values ('ExponentPushToken[RetryDevice01]', $1, 'test')",
        [u.id],
      );
      await p.db.query(
        "insert into notices (user_id, title, content) values ($1, 'Order credited', 'Your order was credited')",
        [u.id],
      );
      expect(await p.app.push.flush()).toBe(0); // the first attempt is refused
      const pushed = await until(() => seen.length >= 3, 20_000, 20);
      expect(pushed).toBe(true);
      expect(seen.map((x) => x.body[0]!.title)).toEqual(['Order credited', 'Order credited', 'Order credited']);
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(900);
      expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(1800);
      expect(
        await until(
          async () =>
            (await p.db.query<{ status: string }>('select status from push_deliveries')).rows[0]?.status === 'sent',
        ),
      ).toBe(true);
      await sleep(500);
      expect(seen).toHaveLength(3);
    } finally {
      await p.close();
      await own.close();
      await new Promise<void>((r) => expo.close(() => r()));
    }
  });

  if (target === 'postgres') {
    test('two api processes on one database send each outbox message exactly once', async () => {
      const a = await testApp(tdb, fast(smtp.url));
      const b = await testApp(tdb, fast(smtp.url));
      try {
        smtp.set('healthy');
        const emails = Array.from({ length: 20 }, () => uniqueEmail());
        const replies = await Promise.all(
          emails.map((email, i) => (i % 2 ? a : b).call('/user/sendEmailVerifyCode', { email })),
        );
        expect(replies.every((r) => r.success)).toBe(true);
        await until(() => emails.every((e) => smtp.to(e).length > 0), 20_000);
        await sleep(1500);
        expect(emails.map((e) => smtp.to(e).length)).toEqual(emails.map(() => 1));
        const rows = await t.db.query<{ n: number }>(
          "select count(*)::int as n from outbox where recipient = any($1::text[]) and status = 'sent'",
          [emails],
        );
        expect(rows.rows[0]!.n).toBe(20);
      } finally {
        await a.close();
        await b.close();
      }
    });
  }
});
