// Evidence and appeal: the seller's evidence pack, one appeal per order within the window, decided
// by a different staff member than the one who decided the order (the api and the database), and
// an overturn credited exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPEAL_CLOCK_JOB, recordAppealBreach } from '../modules/appeal/clock.js';
import { APPEAL_MESSAGES } from '../modules/appeal/rules.js';
import { checkLedger } from '../modules/ledger/check.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { claimedOrder, makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(180_000);

type Pack = {
  can_appeal: boolean;
  appeal_refused_reason: string;
  failed_cards: { reason: string; reviewer_note: string; proof_images: string[]; decided_time: number }[];
  appeal: { appeal_no: string; status: string; credit_amount: string } | null;
};
type Detail = {
  appeal_no: string;
  status: string;
  decided_by: number;
  breached: boolean;
  credit_amount: string;
  overturn_amount: string;
  note: string;
  images: string[];
  failed_cards: unknown[];
  replayed?: boolean;
};

describe.each(targets())('appeals on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-appeal-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test' });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  /** A seller's order with a locked quote, decided by a reviewer: every card failed, or (ok) paid. */
  async function decidedOrder(opts: { ok?: boolean } = {}) {
    const { seller, photo: images, reviewer, orderNo } = await claimedOrder(t);
    const lines = opts.ok
      ? [{ status: 'success', card_id: 1, face_value: '40' }]
      : [{ status: 'failed', fail_reason: 'already_used', fail_note: 'Redeemed on 2 May', proof_image: images }];
    const d = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, { lines });
    expect(d).toMatchObject({ success: true });
    return { seller, reviewer, orderNo, images };
  }
  const pack = (token: string, orderNo: string) => t.call<Pack>('/appeal/detail', { token, order_no: orderNo });
  const apply = (token: string, orderNo: string, extra: Record<string, unknown> = {}) =>
    t.call<{ appeal_no: string; status: string }>('/appeal/apply', {
      token,
      order_no: orderNo,
      note: 'The card was unused when I sent it: receipt attached',
      ...extra,
    });
  const cash = async (userId: number) =>
    BigInt(
      (
        await t.db.query<{ b: string }>(
          "select coalesce(sum(balance_minor), 0)::text as b from ledger_accounts where user_id = $1 and kind = 'cash'",
          [userId],
        )
      ).rows[0]!.b,
    );

  test(
    'the seller sees the evidence pack, appeals once, and a second staff member overturns: ' + 'credited once',
    async () => {
      const { seller, reviewer, orderNo } = await decidedOrder();
      const p = await pack(seller.token, orderNo);
      expect(p.success).toBe(true);
      expect(p.data.can_appeal).toBe(true);
      expect(p.data.failed_cards).toHaveLength(1);
      expect(p.data.failed_cards[0]).toMatchObject({
        reason: 'The card has already been used',
        reviewer_note: 'Redeemed on 2 May',
      });
      expect(p.data.failed_cards[0]!.proof_images[0]).toContain('?expires=');
      expect(p.data.failed_cards[0]!.decided_time).toBeGreaterThan(0);

      const photo = await upload(t, seller.token);
      const a = await apply(seller.token, orderNo, { images: photo });
      expect(a).toMatchObject({ success: true, data: { status: 'open' } });
      const appealNo = a.data.appeal_no;
      expect((await apply(seller.token, orderNo)).msg).toBe(APPEAL_MESSAGES.open);

      // The queue shows it with its clock; the deciding reviewer can neither take nor resolve it.
      const queue = await opsCall<{ appeals: Detail[] }>(t, reviewer.token, 'GET', '/ops/api/appeals');
      expect(queue.data.appeals.find((x) => x.appeal_no === appealNo)).toMatchObject({
        decided_by: reviewer.id,
        breached: false,
      });
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/appeals/${appealNo}/take`)).msg).toBe(
        APPEAL_MESSAGES.ownDecision,
      );
      expect(
        (
          await opsCall(t, reviewer.token, 'POST', `/ops/api/appeals/${appealNo}/resolve`, {
            outcome: 'overturned',
            reason: 'mine',
          })
        ).msg,
      ).toBe(APPEAL_MESSAGES.ownDecision);

      const second = await makeStaff(t, 'reviewer');
      const view = await opsCall<Detail>(t, second.token, 'GET', `/ops/api/appeals/${appealNo}`);
      expect(view.data).toMatchObject({ note: expect.stringContaining('unused'), status: 'open' });
      expect(view.data.images).toHaveLength(1);
      expect(view.data.failed_cards).toHaveLength(1);
      const owed = view.data.overturn_amount;
      expect(Number(owed)).toBeGreaterThan(0);

      const before = await cash(seller.id);
      const r = await opsCall<Detail>(t, second.token, 'POST', `/ops/api/appeals/${appealNo}/resolve`, {
        outcome: 'overturned',
        reason: 'The code was valid on a second check',
      });
      expect(r).toMatchObject({ success: true, data: { status: 'overturned', credit_amount: owed, replayed: false } });
      // A double click answers the first, and moves nothing.
      const again = await opsCall<Detail>(t, second.token, 'POST', `/ops/api/appeals/${appealNo}/resolve`, {
        outcome: 'overturned',
        reason: 'The code was valid on a second check',
      });
      expect(again.data.replayed).toBe(true);
      const credited = (await cash(seller.id)) - before;
      expect(credited).toBe(BigInt(owed.replace('.', '')));

      const after = await pack(seller.token, orderNo);
      expect(after.data.appeal).toMatchObject({ status: 'overturned', credit_amount: owed });
      const detail = await t.call<{ timeline: { status: string }[]; appeal_credit: string }>('/ord/detail', {
        token: seller.token,
        order_no: orderNo,
      });
      // The order says what the appeal credited, beside its own payout.
      expect(detail.data.appeal_credit).toBe(owed);
      expect(detail.data.timeline.map((e) => e.status)).toEqual(
        expect.arrayContaining(['appeal_opened', 'appeal_overturned']),
      );
      const notices = await t.db.query<{ title: string }>('select title from notices where user_id = $1', [seller.id]);
      expect(notices.rows.map((n) => n.title)).toContain('Appeal accepted');
      const audit = await t.db.query<{ action: string }>(
        "select action from audit_log where target_type = 'appeal' and target_id = $1",
        [appealNo],
      );
      expect(audit.rows.map((x) => x.action)).toEqual(expect.arrayContaining(['appeal.overturn']));

      const stats = await opsCall<{ staff_id: number; appealed: number; overturned: number; overturn_rate: number }[]>(
        t,
        second.token,
        'GET',
        '/ops/api/appeals/stats',
      );
      expect(stats.data.find((s) => s.staff_id === reviewer.id)).toMatchObject({
        appealed: 1,
        overturned: 1,
        overturn_rate: 100,
      });
    },
  );

  test('upheld with a reason: nothing credited, the seller is told', async () => {
    const { seller, orderNo } = await decidedOrder();
    const a = await apply(seller.token, orderNo);
    const second = await makeStaff(t, 'reviewer');
    expect(
      (await opsCall(t, second.token, 'POST', `/ops/api/appeals/${a.data.appeal_no}/resolve`, { outcome: 'upheld' }))
        .msg,
    ).toBe(APPEAL_MESSAGES.reason);
    const before = await cash(seller.id);
    const r = await opsCall<Detail>(t, second.token, 'POST', `/ops/api/appeals/${a.data.appeal_no}/resolve`, {
      outcome: 'upheld',
      reason: 'The code was redeemed before submission',
    });
    expect(r).toMatchObject({ success: true, data: { status: 'upheld', credit_amount: '0.00' } });
    expect(await cash(seller.id)).toBe(before);
    // Final: it cannot be overturned afterwards.
    const third = await makeStaff(t, 'reviewer');
    expect(
      (
        await opsCall(t, third.token, 'POST', `/ops/api/appeals/${a.data.appeal_no}/resolve`, {
          outcome: 'overturned',
          reason: 'x',
        })
      ).msg,
    ).toBe(APPEAL_MESSAGES.resolved);
  });

  test('refused: after the window, 6 photos, another seller, a second appeal, no failed card', async () => {
    const { seller, orderNo } = await decidedOrder();
    const photos = await Promise.all(Array.from({ length: 6 }, () => upload(t, seller.token)));
    expect((await apply(seller.token, orderNo, { images: photos.join(',') })).msg).toBe(APPEAL_MESSAGES.photos(5));
    const other = await makeUser(t);
    expect((await apply(other.token, orderNo)).msg).toBe(APPEAL_MESSAGES.notFound);
    expect((await pack(other.token, orderNo)).msg).toBe(APPEAL_MESSAGES.notFound);
    // Someone else's upload is not a photo of this seller.
    const theirs = await upload(t, other.token);
    expect((await apply(seller.token, orderNo, { images: theirs })).msg).toBe(APPEAL_MESSAGES.photo);
    expect((await apply(seller.token, orderNo, { note: '   ' })).success).toBe(false);

    await t.db.query("update orders set finished_at = now() - interval '73 hours' where order_no = $1", [orderNo]);
    expect((await apply(seller.token, orderNo)).msg).toBe(APPEAL_MESSAGES.late(72));
    expect((await pack(seller.token, orderNo)).data).toMatchObject({
      can_appeal: false,
      appeal_refused_reason: APPEAL_MESSAGES.late(72),
    });

    const paid = await decidedOrder({ ok: true });
    expect((await apply(paid.seller.token, paid.orderNo)).msg).toBe(APPEAL_MESSAGES.nothing);

    const once = await decidedOrder();
    expect((await apply(once.seller.token, once.orderNo, { images: photos.slice(0, 5).join(',') })).msg).toBe(
      APPEAL_MESSAGES.photo,
    );
    expect((await apply(once.seller.token, once.orderNo)).success).toBe(true);
    expect((await apply(once.seller.token, once.orderNo)).msg).toBe(APPEAL_MESSAGES.open);
  });

  test(
    'the database refuses the deciding reviewer as the appeal’s reviewer or resolver, and a forged ' + 'decider',
    async () => {
      const { seller, reviewer, orderNo } = await decidedOrder();
      const a = await apply(seller.token, orderNo);
      const no = a.data.appeal_no;
      await expect(
        t.db.query('update order_appeals set assigned_to = $2 where appeal_no = $1', [no, reviewer.id]),
      ).rejects.toThrow(/check/);
      await expect(
        t.db.query(
          "update order_appeals set status = 'overturned', resolved_by = $2, resolved_at = now() where appeal_no = $1",
          [no, reviewer.id],
        ),
      ).rejects.toThrow(/check/);
      const other = await makeStaff(t, 'reviewer');
      await expect(
        t.db.query('update order_appeals set decided_by = $2 where appeal_no = $1', [no, other.id]),
      ).rejects.toThrow(/fixed/);
      // An insert naming another decider gets the order's own.
      const fresh = await decidedOrder();
      await t.db.query(
        `insert into order_appeals (appeal_no, order_id, user_id, outcome, decided_by, decided_at, note, due_at)
       select 'APFORGED1', id, user_id, 'failed_cards', $2, now(), 'x', now() from orders where order_no = $1`,
        [fresh.orderNo, other.id],
      );
      const row = await t.db.query<{ decided_by: number }>(
        "select decided_by from order_appeals where appeal_no = 'APFORGED1'",
      );
      expect(row.rows[0]!.decided_by).toBe(fresh.reviewer.id);
    },
  );

  test(
    'the appeal clock is a job queued for the due time; at due time an open appeal’s breach is ' + 'recorded once',
    async () => {
      const { seller, orderNo } = await decidedOrder();
      const a = await apply(seller.token, orderNo);
      const no = a.data.appeal_no;
      const job = await t.db.query<{ start_after: Date }>(
        'select start_after from pgboss.job where name = $1 and singleton_key = $2',
        [APPEAL_CLOCK_JOB, no],
      );
      expect(job.rows).toHaveLength(1);
      const due = await t.db.query<{ due_at: Date }>('select due_at from order_appeals where appeal_no = $1', [no]);
      expect(new Date(job.rows[0]!.start_after).getTime()).toBe(new Date(due.rows[0]!.due_at).getTime());
      // Not due yet: nothing recorded.
      expect(await recordAppealBreach(t.db, no)).toBe(false);
      await t.db.query("update order_appeals set due_at = now() - interval '1 minute' where appeal_no = $1", [no]);
      expect(await recordAppealBreach(t.db, no)).toBe(true);
      expect(await recordAppealBreach(t.db, no)).toBe(false);
      const audit = await t.db.query(
        "select 1 from audit_log where action = 'appeal.clock_breached' and target_id = $1",
        [no],
      );
      expect(audit.rows).toHaveLength(1);
      const staff = await makeStaff(t, 'reviewer');
      const queue = await opsCall<{ appeals: Detail[] }>(t, staff.token, 'GET', '/ops/api/appeals');
      expect(queue.data.appeals.find((x) => x.appeal_no === no)).toMatchObject({ breached: true });
      // Breached first, then the others.
      const flags = queue.data.appeals.map((x) => x.breached);
      expect(flags).toEqual([...flags].sort((x, y) => Number(y) - Number(x)));
    },
  );

  test('abuse: a seller token or a finance role on the appeal queue, a huge note, an unknown appeal', async () => {
    const { seller, orderNo } = await decidedOrder();
    const a = await apply(seller.token, orderNo);
    expect((await opsCall(t, seller.token, 'GET', '/ops/api/appeals')).status).toBe(401);
    const finance = await makeStaff(t, 'finance');
    const refused = await opsCall(t, finance.token, 'POST', `/ops/api/appeals/${a.data.appeal_no}/resolve`, {
      outcome: 'overturned',
      reason: 'x',
    });
    expect(refused.status).toBe(403);
    const other = await decidedOrder();
    const huge = await apply(other.seller.token, other.orderNo, { note: 'x'.repeat(5000) });
    expect(huge).toMatchObject({ success: false, msg: 'note is too long (maximum 1000 characters)' });
    const staff = await makeStaff(t, 'reviewer');
    expect((await opsCall(t, staff.token, 'POST', '/ops/api/appeals/AP000/take')).msg).toBe(
      APPEAL_MESSAGES.appealNotFound,
    );
    expect(
      (await opsCall(t, staff.token, 'POST', `/ops/api/appeals/${a.data.appeal_no}/resolve`, { outcome: 'maybe' }))
        .success,
    ).toBe(false);
  });

  if (target === 'postgres') {
    test('parallel: two staff overturning at once credit once; two appeals at once open one', async () => {
      const { seller, reviewer, orderNo } = await decidedOrder();
      const opened = await Promise.all(Array.from({ length: 4 }, () => apply(seller.token, orderNo)));
      expect(opened.filter((r) => r.success)).toHaveLength(1);
      expect(opened.filter((r) => !r.success).map((r) => r.msg)).toEqual(Array(3).fill(APPEAL_MESSAGES.open));
      const no = opened.find((r) => r.success)!.data.appeal_no;

      const staff = await Promise.all([makeStaff(t, 'reviewer'), makeStaff(t, 'reviewer'), makeStaff(t, 'admin')]);
      const before = await cash(seller.id);
      // The deciding reviewer races too, taking and resolving: refused every time.
      const own = Promise.all([
        opsCall(t, reviewer.token, 'POST', `/ops/api/appeals/${no}/take`),
        opsCall(t, reviewer.token, 'POST', `/ops/api/appeals/${no}/resolve`, { outcome: 'upheld', reason: 'Mine' }),
      ]);
      const results = await Promise.all(
        staff.flatMap((s) =>
          [1, 2].map(() =>
            opsCall<Detail>(t, s.token, 'POST', `/ops/api/appeals/${no}/resolve`, {
              outcome: 'overturned',
              reason: 'Valid',
            }),
          ),
        ),
      );
      for (const r of await own) expect(r).toMatchObject({ success: false, msg: APPEAL_MESSAGES.ownDecision });
      const firsts = results.filter((r) => r.success && r.data.replayed === false);
      expect(firsts).toHaveLength(1);
      const journals = await t.db.query('select id from ledger_journals where idempotency_key like $1', [`appeal:%`]);
      const mine = await t.db.query(
        'select credit_journal_id, credit_minor::text as c from order_appeals where appeal_no = $1',
        [no],
      );
      expect(journals.rows.map((j) => String(j.id))).toContain(
        String((mine.rows[0] as { credit_journal_id: unknown }).credit_journal_id),
      );
      expect((await cash(seller.id)) - before).toBe(BigInt((mine.rows[0] as { c: string }).c));
      for (const r of results.filter((x) => !x.success)) expect(r.msg).toMatch(/already resolved|Another staff/);
    });
  }
});
