// Rate history and rate alerts: the series a chart draws (only changes in effect), and an alert that
// tells a seller once when the rate reaches their target, re-arms when it falls back below, and is
// sent by a job of the queue — never by the staff's request that changed the rate.
import { ALERT_MESSAGES, RATE_ALERT_JOB, RATE_ALERT_LIMIT, runRateAlerts } from '../modules/catalog/alerts.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall } from '../test/money.js';

jest.setTimeout(180_000);

interface History {
  points: { at: string; rate: string }[];
  current: string;
  high: string;
  low: string;
  days: number;
}
interface Alerts {
  limit: number;
  list: { alert_id: number; card_id: number; target_rate: string; armed: boolean; fired_at: string | null }[];
}

describe.each(targets())('rate history and rate alerts on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    tdb = await freshDb(target);
    t = await testApp(tdb);
    admin = await makeStaff(t, 'admin');
    await t.app.push.flush(); // the first scan only notes where the notices stand
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
  });

  const history = (cardId: number, currency: string, days: string | number) =>
    t.call<History>('/card/rateHistory', { card_id: String(cardId), currency, days: String(days) });
  const rateNow = async (cardId: number, currency: string) =>
    Number((await history(cardId, currency, 30)).data.current);
  const change = (cardId: number, currency: string, rate: number, effectiveAt?: Date) =>
    opsCall<{ changes: { id: number }[] }>(t, admin.token, 'POST', '/ops/api/rates', {
      changes: [{ card_id: cardId, currency, rate: rate.toFixed(2) }],
      reason: 'The market moved',
      ...(effectiveAt ? { effective_at: effectiveAt.toISOString() } : {}),
    });
  const rateNotices = async (token: string) =>
    (
      await t.call<{ notice_title: string; notice_content: string }[]>('/finder/allNotice', {
        token,
        type: 'all',
        page: '0',
        page_size: '50',
      })
    ).data.filter((n) => n.notice_title.startsWith('Rate alert'));
  /** Waits (bounded) until no rate-alert check is waiting or running. */
  const settled = async () => {
    for (let i = 0; i < 400; i++) {
      const r = await t.db.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
        [RATE_ALERT_JOB],
      );
      if (r.rows[0]!.n === 0) return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('rate alert checks still waiting after 20 s');
  };

  test(
    'the history starts from the rate in force at the window start; scheduled and cancelled changes are not ' + 'in it',
    async () => {
      const { rows } = await t.db.query<{ card_id: number; rate_minor: bigint }>(
        "select card_id, rate_minor from card_rates where currency_code = 'GHS' order by card_id desc limit 1",
      );
      const cardId = rows[0]!.card_id;
      const seeded = Number(rows[0]!.rate_minor) / 100;
      const day = 86_400_000;
      const add = async (daysAgo: number, rate: string, cancelled = false) =>
        t.db.query(
          'insert into card_rate_changes (card_id, currency_code, old_rate_minor, new_rate_minor, effective_at, ' +
            'staff_id, reason, cancelled_at, cancelled_by) values ($1, $2, 1, $3, $4, $5, $6, $7, $8)',
          [
            cardId,
            'GHS',
            Math.round(Number(rate) * 100),
            new Date(Date.now() - daysAgo * day),
            admin.id,
            'test',
            cancelled ? new Date(Date.now() - (daysAgo + 1) * day) : null,
            cancelled ? admin.id : null,
          ],
        );
      await add(40, '11.00');
      await add(10, '14.50');
      await add(5, '99.00', true); // cancelled before its time: never in force
      await add(1, '12.25');
      await add(-1, '50.00'); // scheduled for tomorrow: not yet
      const d30 = await history(cardId, 'GHS', 30);
      expect(d30).toMatchObject({ success: true, data: { days: 30, current: '12.25', high: '14.50', low: '11.00' } });
      expect(d30.data.points.map((p) => p.rate)).toEqual(['11.00', '14.50', '12.25']);
      const at = d30.data.points.map((p) => Date.parse(p.at));
      expect(at[0]).toBeLessThan(Date.now() - 29 * day);
      expect(at[0]).toBeGreaterThan(Date.now() - 31 * day);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      const d90 = await history(cardId, 'GHS', 90);
      expect(d90.data.points.map((p) => p.rate)).toEqual([seeded.toFixed(2), '11.00', '14.50', '12.25']);
      expect(d90.data.high).toBe(Math.max(seeded, 14.5).toFixed(2));
      expect(d90.data.low).toBe(Math.min(seeded, 11).toFixed(2));

      // A change through the console shows at once (the cache is dropped with the catalog's).
      expect((await change(cardId, 'GHS', 13)).success).toBe(true);
      expect((await history(cardId, 'GHS', 30)).data.points.map((p) => p.rate)).toEqual([
        '11.00',
        '14.50',
        '12.25',
        '13.00',
      ]);
    },
  );

  test(
    'an alert fires once when reached, not again on a further rise, re-arms below the target and fires ' + 'again',
    async () => {
      const u = await makeUser(t);
      const start = await rateNow(1, 'NGN');
      const target = start + 100;
      const set = await t.call<Alerts>('/card/rateAlertAdd', {
        token: u.token,
        card_id: '1',
        currency: 'NGN',
        target_rate: target.toFixed(2),
      });
      expect(set).toMatchObject({
        success: true,
        data: { limit: RATE_ALERT_LIMIT, list: [{ card_id: 1, target_rate: target.toFixed(2), armed: true }] },
      });

      // A closed account is never told.
      const closed = await makeUser(t);
      await t.call('/card/rateAlertAdd', {
        token: closed.token,
        card_id: '1',
        currency: 'NGN',
        target_rate: target.toFixed(2),
      });
      await t.db.query("update users set status = 'closed', closed_at = now() where id = $1", [closed.id]);

      await change(1, 'NGN', target - 50); // a rise short of the target
      await settled();
      expect(await rateNotices(u.token)).toHaveLength(0);

      await change(1, 'NGN', target); // reached
      await settled();
      const first = await rateNotices(u.token);
      expect(first).toHaveLength(1);
      const closedTold = await t.db.query("select 1 from notices where user_id = $1 and title like 'Rate alert%'", [
        closed.id,
      ]);
      expect(closedTold.rows).toEqual([]);
      expect(first[0]!.notice_content).toContain(`at or above your target of ₦${target.toLocaleString('en-US')}.00`);
      const alerts = await t.call<Alerts>('/card/rateAlerts', { token: u.token });
      expect(alerts.data.list[0]).toMatchObject({ armed: false, fired_at: expect.any(String) });
      // Also by e-mail, once (the seller's verified address, alerts on by default).
      await t.app.push.flush();
      const mails = () =>
        t.app.messenger.outbox!.list().filter((m) => m.to === u.email && (m.subject ?? '').startsWith('Rate alert'));
      expect(mails()).toHaveLength(1);

      await change(1, 'NGN', target + 150); // higher still: already told
      await settled();
      expect(await rateNotices(u.token)).toHaveLength(1);

      await change(1, 'NGN', target - 1); // back below: armed again, nothing sent
      await settled();
      expect(await rateNotices(u.token)).toHaveLength(1);
      expect((await t.call<Alerts>('/card/rateAlerts', { token: u.token })).data.list[0]!.armed).toBe(true);

      await change(1, 'NGN', target + 10); // reached again
      await settled();
      expect(await rateNotices(u.token)).toHaveLength(2);
      await t.app.push.flush();
      expect(mails()).toHaveLength(2);
    },
  );

  test('a scheduled change fires alerts when it takes effect; a cancelled one never does', async () => {
    const u = await makeUser(t);
    const start = await rateNow(1, 'GHS');
    const target = start + 5;
    await t.call('/card/rateAlertAdd', {
      token: u.token,
      card_id: '1',
      currency: 'GHS',
      target_rate: target.toFixed(2),
    });
    const cancelled = await change(1, 'GHS', target + 1, new Date(Date.now() + 3_600_000));
    await opsCall(t, admin.token, 'POST', `/ops/api/rates/changes/${cancelled.data.changes[0]!.id}/cancel`, {
      reason: 'a typo',
    });
    await change(1, 'GHS', target, new Date(Date.now() + 1500));
    await settled();
    expect(await rateNotices(u.token)).toHaveLength(0); // not in effect yet
    for (let i = 0; i < 200 && (await rateNotices(u.token)).length === 0; i++) {
      await new Promise((res) => setTimeout(res, 50));
    }
    await settled();
    expect(await rateNotices(u.token)).toHaveLength(1);
  });

  test('bad input is refused with a clear message', async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    const now = await rateNow(1, 'NGN');
    const add = (fields: Record<string, string>, token = u.token) =>
      t.call<Alerts>('/card/rateAlertAdd', { token, card_id: '1', currency: 'NGN', ...fields });
    expect(await add({ card_id: '99999', target_rate: '5000' })).toMatchObject({
      success: false,
      msg: ALERT_MESSAGES.card,
    });
    expect(await add({ currency: 'EUR', target_rate: '5000' })).toMatchObject({
      success: false,
      msg: ALERT_MESSAGES.currency,
    });
    for (const bad of ['0', '-5', 'abc', '1.234']) {
      expect(await add({ target_rate: bad })).toMatchObject({ success: false, msg: ALERT_MESSAGES.target('NGN', 2) });
    }
    expect(await add({ target_rate: '999999999999999' })).toMatchObject({
      success: false,
      msg: expect.stringContaining('ten times today’s rate'),
    });
    expect(await add({ target_rate: String(now) })).toMatchObject({
      success: false,
      msg: expect.stringContaining('The rate is already ₦'),
    });
    expect(await t.call('/card/rateAlertAdd', { card_id: '1', currency: 'NGN', target_rate: '5000' })).toMatchObject({
      success: false,
    });
    expect(await history(99999, 'NGN', 30)).toMatchObject({ success: false, msg: ALERT_MESSAGES.card });
    expect(await history(1, 'XYZ', 30)).toMatchObject({ success: false, msg: ALERT_MESSAGES.currency });
    expect(await history(1, 'NGN', 7)).toMatchObject({ success: false, msg: ALERT_MESSAGES.days });

    // The limit, and the same alert twice.
    const first = await add({ target_rate: (now + 1).toFixed(2) });
    expect(first.success).toBe(true);
    expect(await add({ target_rate: (now + 1).toFixed(2) })).toMatchObject({
      success: false,
      msg: ALERT_MESSAGES.duplicate,
    });
    const adds = Array.from({ length: RATE_ALERT_LIMIT + 4 }, (_, i) => add({ target_rate: (now + 2 + i).toFixed(2) }));
    // At once on PostgreSQL (parallel requests): the limit holds all the same.
    const answers =
      target === 'postgres'
        ? await Promise.all(adds)
        : await adds.reduce(
            async (p, a) => [...(await p), await a],
            Promise.resolve([] as Awaited<(typeof adds)[number]>[]),
          );
    expect(answers.filter((a) => a.success)).toHaveLength(RATE_ALERT_LIMIT - 1);
    expect(answers.filter((a) => !a.success).every((a) => a.msg === ALERT_MESSAGES.limit)).toBe(true);
    expect((await t.call<Alerts>('/card/rateAlerts', { token: u.token })).data.list).toHaveLength(RATE_ALERT_LIMIT);

    // Someone else's alert cannot be deleted (nor told apart from none).
    const mine = first.data.list[0]!.alert_id;
    expect(await t.call('/card/rateAlertDelete', { token: other.token, alert_id: String(mine) })).toMatchObject({
      success: false,
      msg: ALERT_MESSAGES.notFound,
    });
    const left = await t.call<Alerts>('/card/rateAlertDelete', { token: u.token, alert_id: String(mine) });
    expect(left.success).toBe(true);
    expect(left.data.list.map((a) => a.alert_id)).not.toContain(mine);
    expect(await t.call('/card/rateAlertDelete', { token: u.token, alert_id: String(mine) })).toMatchObject({
      success: false,
      msg: ALERT_MESSAGES.notFound,
    });
  });

  test(
    'one change crossing 1,000 alerts: the request only queues the check; each seller gets one notice, even if ' +
      'the check runs twice',
    async () => {
      const n = 1000;
      const start = await rateNow(2, 'NGN');
      const target = start + 1;
      const users = await t.db.query<{ id: number }>(
        'insert into users (username, email, email_verified, country_id, register_type, invite_code) ' +
          "select 'bulk' || g || '-' || $1, 'bulk' || g || '-' || $1 || '@example.com', true, 1, 1, " +
          "'BULK' || g || '-' || $1 from generate_series(1, $2) g returning id",
        [target.toFixed(0) + target.toString(36), n],
      );
      const ids = users.rows.map((r) => r.id);
      await t.db.query(
        'insert into rate_alerts (user_id, card_id, currency_code, target_minor) select unnest($1::int[]), 2, ' +
          "'NGN', $2",
        [ids, Math.round(target * 100)],
      );
      const noticesOf = async () =>
        (
          await t.db.query<{ user_id: number; n: number }>(
            "select user_id, count(*)::int as n from notices where user_id = any($1::int[]) and title like 'Rate " +
              "alert%' " +
              'group by user_id',
            [ids],
          )
        ).rows;

      // No worker runs the checks while the change is made: what exists after its request is the request's doing.
      await t.app.jobs.stop();
      const made = await change(2, 'NGN', target + 5);
      expect(made.success).toBe(true);
      expect(await noticesOf()).toEqual([]);
      const queued = await t.db.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = $1 and state = 'created'",
        [RATE_ALERT_JOB],
      );
      expect(queued.rows[0]!.n).toBe(1);

      // A worker starts; the same check also runs twice more beside it (a retry after a crash, a second process).
      const worker = await testApp(tdb);
      try {
        await Promise.all([
          runRateAlerts(tdb.db, worker.app, { cardId: 2, currency: 'NGN' }),
          runRateAlerts(tdb.db, worker.app, { cardId: 2, currency: 'NGN' }),
        ]);
        await worker.app.jobs.send(RATE_ALERT_JOB, { card_id: 2, currency: 'NGN' }, { singletonKey: '2:NGN' });
        await settled();
        const got = await noticesOf();
        expect(got).toHaveLength(n);
        expect(got.every((r) => r.n === 1)).toBe(true);
      } finally {
        await worker.close();
      }
    },
  );
});
