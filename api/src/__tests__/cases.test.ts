// Support cases: one open case per order and withdrawal, messages both ways with private photos,
// an owner, two clocks (breaches computed from the case's times; the breach notice a job, once),
// the staff queue, and the abuse cases: another seller's case, order or photos, a solved case,
// huge bodies and too many photos, rate limits, forged staff — in parallel on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CASE_MESSAGES } from '../modules/cases/names.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, pngImage, sellerWithPendingWithdrawal, upload } from '../test/money.js';

jest.setTimeout(120_000);

interface Detail {
  case_no: string;
  status: string;
  status_text: string;
  owner_name: string;
  first_response_late: boolean;
  resolution_late: boolean;
  resolution: string;
  messages: { from: string; name: string; body: string; images: string[] }[];
  timeline: { kind: string; text: string }[];
}
interface StaffCase {
  case_no: string;
  status: string;
  owner_id: number | null;
  first_response: { due: string; met_at: string | null; breached: boolean };
  resolution: { due: string; met_at: string | null; breached: boolean };
  messages: { from: string; body: string; images: string[] }[] | number;
  timeline: { kind: string }[];
}

describe.each(targets())('cases on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  const ledger = new Ledger();

  const setCases = async (value: Record<string, number>) => {
    await t.db.query(
      "update settings set value = (select value from settings where key = 'cases') || $1::jsonb where key = " +
        "'cases'",
      [JSON.stringify(value)],
    );
    t.app.ref.clear();
  };
  const order = async (token: string) => {
    const img = await upload(t, token);
    const add = await t.call<{ order_no: string }>('/order/appadd', {
      token,
      images: img,
      user_memo: 'CODE-1234',
      wallet_type: '1',
      card_id: '1',
      face_value: '40',
    });
    if (!add.success) throw new Error(add.msg);
    return add.data.order_no;
  };
  const open = (token: string, fields: Record<string, string>) =>
    t.call<{ case_no: string; existing: boolean }>('/case/open', { token, ...fields });
  const detail = (token: string, caseNo: string) => t.call<Detail>('/case/detail', { token, case_no: caseNo });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-cases-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, {
      uploadDir: dir,
      publicUrl: 'http://api.test',
      security: { coolingOffMs: 0, siteUrl: 'http://site.test', reauthGraceMs: 0 },
    });
    await t.app.push.flush(); // the notice scan's first run only notes where the notices stand
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'a case about an order: seller asks, staff take it, reply with a photo, solve; asking again ' + 'reopens',
    async () => {
      const u = await makeUser(t);
      const orderNo = await order(u.token);
      const photo = await upload(t, u.token);
      const opened = await open(u.token, {
        about: 'order',
        order_no: orderNo,
        subject: 'My card',
        message: 'My card is still pending',
        images: photo,
      });
      expect(opened).toMatchObject({ success: true, data: { existing: false } });
      const caseNo = opened.data.case_no;
      expect(caseNo).toMatch(/^CS-[A-Z2-9]{8}$/);
      // Asking again about the same order adds to the open case.
      expect(await open(u.token, { about: 'order', order_no: orderNo, message: 'Any news?' })).toMatchObject({
        success: true,
        data: { case_no: caseNo, existing: true },
      });
      const mine = await detail(u.token, caseNo);
      expect(mine.data).toMatchObject({
        status: 'waiting_us',
        status_text: 'Waiting for us',
        first_response_late: false,
      });
      expect(mine.data.messages.map((m) => m.body)).toEqual(['My card is still pending', 'Any news?']);
      // The photo is a short-lived signed link that shows it; the bare URL does not.
      const link = mine.data.messages[0]!.images[0]!;
      expect(link).toContain('signature=');
      expect((await t.app.inject({ method: 'GET', url: link.replace('http://api.test', '') })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: photo.replace('http://api.test', '') })).statusCode).toBe(403);

      // Staff: the queue shows it with its clocks; take it, reply with a photo, solve.
      const staff = await makeStaff(t, 'reviewer');
      const other = await makeStaff(t, 'finance');
      const queue = await opsCall<StaffCase[]>(t, staff.token, 'GET', '/ops/api/cases');
      const row = queue.data.find((c) => c.case_no === caseNo)!;
      expect(row).toMatchObject({ status: 'waiting_us', owner_id: null, messages: 2 });
      expect(row.first_response.breached).toBe(false);
      expect(
        await opsCall(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/assign`, { owner_id: other.id }),
      ).toMatchObject({ success: true, data: { owner_id: other.id } });
      const links = await opsCall<{ url: string; public_url: string }[]>(
        t,
        staff.token,
        'POST',
        `/ops/api/cases/${caseNo}/photo-links`,
        { count: 1 },
      );
      expect(links.success).toBe(true);
      const put = await t.app.inject({
        method: 'PUT',
        url: links.data[0]!.url.replace('http://api.test', ''),
        headers: { 'content-type': 'image/png' },
        payload: await pngImage(),
      });
      expect(put.statusCode).toBe(200);
      const replied = await opsCall<StaffCase>(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/reply`, {
        message: 'We are checking your card now.',
        photos: [links.data[0]!.public_url],
      });
      expect(replied).toMatchObject({ success: true, data: { status: 'waiting_you' } });
      expect(replied.data.first_response.met_at).not.toBeNull();

      // The seller reads it, in the case and as a notice (and an e-mail to their verified address).
      const seen = await detail(u.token, caseNo);
      expect(seen.data.status_text).toBe('Waiting for you');
      const reply = seen.data.messages[2]!;
      expect(reply).toMatchObject({ from: 'staff', body: 'We are checking your card now.' });
      expect(reply.images).toHaveLength(1);
      const notices = await t.db.query<{ title: string; action: string }>(
        'select title, action from notices where user_id = $1',
        [u.id],
      );
      expect(notices.rows).toContainEqual({
        title: `Reply on your case ${caseNo}`,
        action: `/homes/help/cases/${caseNo}`,
      });
      // The notice scan sends the reply on to the seller's verified e-mail, with the case's link.
      await t.app.push.flush();
      const outbox = await t.db.query<{ recipient: string; subject: string }>(
        'select * from outbox where subject like $1',
        [`%Reply on your case ${caseNo}%`],
      );
      expect(outbox.rows.map((r) => r.recipient)).toEqual([u.email]);
      const mail = t.app.messenger.outbox!.list().find((m) => m.to === u.email && m.subject.includes(caseNo));
      expect(mail?.text).toContain(`http://site.test/homes/help/cases/${caseNo}`);

      // Solving needs a resolution; solved, the seller reads it; a second solve is refused.
      expect(
        await opsCall(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/solve`, { resolution: '  ' }),
      ).toMatchObject({ success: false, msg: CASE_MESSAGES.resolutionRequired });
      expect(
        await opsCall(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/solve`, {
          resolution: 'Your card was approved and paid.',
        }),
      ).toMatchObject({ success: true, data: { status: 'solved' } });
      expect((await detail(u.token, caseNo)).data).toMatchObject({
        status_text: 'Solved',
        resolution: 'Your card was approved and paid.',
      });
      expect(
        await opsCall(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/reply`, { message: 'late' }),
      ).toMatchObject({
        success: false,
        msg: CASE_MESSAGES.alreadySolved,
      });
      // Every staff action is audited.
      const audit = await t.db.query<{ action: string }>(
        "select action from audit_log where target_type = 'case' and target_id = $1 order by id",
        [caseNo],
      );
      expect(audit.rows.map((a) => a.action)).toEqual(
        expect.arrayContaining(['case.view', 'case.assign', 'case.photo_links', 'case.reply', 'case.solve']),
      );

      // The seller answers the solved case: it opens again, waiting for us.
      const again = await t.call<Detail>('/case/reply', { token: u.token, case_no: caseNo, message: 'Not paid yet' });
      expect(again).toMatchObject({ success: true, data: { status: 'waiting_us' } });
      expect(again.data.timeline.map((e) => e.kind)).toContain('reopened');
      // The console's order page finds the cases about the order.
      const about = await opsCall<StaffCase[]>(t, staff.token, 'GET', `/ops/api/cases?order_no=${orderNo}`);
      expect(about.data.map((c) => c.case_no)).toEqual([caseNo]);
    },
  );

  test('another seller’s case, order, withdrawal and photos are refused', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const orderNo = await order(a.token);
    const w = await sellerWithPendingWithdrawal(t, ledger);
    const c = await open(a.token, { about: 'order', order_no: orderNo, message: 'Where is my money?' });
    expect(c.success).toBe(true);
    expect(await detail(b.token, c.data.case_no)).toMatchObject({ success: false, msg: CASE_MESSAGES.notFound });
    expect(await t.call('/case/reply', { token: b.token, case_no: c.data.case_no, message: 'hello' })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.notFound,
    });
    expect(await open(b.token, { about: 'order', order_no: orderNo, message: 'mine?' })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.orderNotFound,
    });
    expect(await open(b.token, { about: 'withdrawal', withdraw_no: w.withdrawNo, message: 'mine?' })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.withdrawalNotFound,
    });
    // The withdrawal's owner may.
    expect(await open(w.token, { about: 'withdrawal', withdraw_no: w.withdrawNo, message: 'When?' })).toMatchObject({
      success: true,
    });
    // A's photo cannot be attached by B, nor an outside link.
    const aPhoto = await upload(t, a.token);
    expect(await open(b.token, { message: 'look', images: aPhoto })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.photoNotYours,
    });
    expect(await open(b.token, { message: 'look', images: 'http://evil.test/x.png' })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.photoNotYours,
    });
    // B's list is B's only.
    const list = await t.call<{ case_no: string }[]>('/case/list', { token: b.token });
    expect(list.data.map((x) => x.case_no)).not.toContain(c.data.case_no);
  });

  test('huge bodies and too many photos are refused with clear messages', async () => {
    const u = await makeUser(t);
    expect(await open(u.token, { message: '' })).toMatchObject({ success: false, msg: CASE_MESSAGES.empty });
    expect(await open(u.token, { message: 'x'.repeat(2001) })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.tooLong(2000),
    });
    expect(await open(u.token, { message: 'x'.repeat(20_001) })).toMatchObject({
      success: false,
      msg: 'Message is too long (maximum 20000 characters)',
    });
    const photos = await Promise.all(Array.from({ length: 6 }, () => upload(t, u.token)));
    expect(await open(u.token, { message: 'six', images: photos.join(',') })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.tooManyPhotos(5),
    });
    // A body past the api's limit is an envelope, not a crash.
    const big = await t.app.inject({
      method: 'POST',
      url: '/gc/case/open',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${u.token}&message=${'y'.repeat(3_000_000)}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false });
    const staff = await makeStaff(t, 'reviewer');
    const c = await open(u.token, { message: 'help me' });
    expect(
      await opsCall(t, staff.token, 'POST', `/ops/api/cases/${c.data.case_no}/reply`, { message: 'z'.repeat(2001) }),
    ).toMatchObject({ success: false, msg: CASE_MESSAGES.tooLong(2000) });
  });

  test('forged staff and the wrong role are refused', async () => {
    const u = await makeUser(t);
    const c = await open(u.token, { message: 'forged?' });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/ops/api/cases/${c.data.case_no}/solve`,
      headers: { authorization: 'Bearer not-a-real-session', 'content-type': 'application/json' },
      payload: JSON.stringify({ resolution: 'x' }),
    });
    expect(forged.statusCode).toBe(401);
    // A seller's token is no staff session.
    expect((await opsCall(t, u.token, 'GET', '/ops/api/cases')).status).toBe(401);
    const rm = await makeStaff(t, 'release_manager');
    expect(await opsCall(t, rm.token, 'GET', '/ops/api/cases')).toMatchObject({ status: 403, success: false });
    expect((await detail(u.token, c.data.case_no)).data.status).toBe('waiting_us');
  });

  test('the contact form opens a visitor’s case, tied to their e-mail and answered by e-mail', async () => {
    const email = `visitor${Date.now()}@example.com`;
    const sent = await t.call('/public/contact', {
      name: 'Ama',
      email,
      subject: 'Question',
      message: 'Do you buy Steam cards from Ghana?',
    });
    expect(sent).toMatchObject({ success: true });
    const row = await t.db.query<{ case_no: string; user_id: number | null }>(
      'select case_no, user_id from support_cases where guest_email = $1',
      [email],
    );
    expect(row.rows).toHaveLength(1);
    const caseNo = row.rows[0]!.case_no;
    const staff = await makeStaff(t, 'reviewer');
    expect(await opsCall(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/photo-links`, { count: 1 })).toMatchObject({
      success: false,
      msg: CASE_MESSAGES.guestPhotos,
    });
    expect(
      await opsCall(t, staff.token, 'POST', `/ops/api/cases/${caseNo}/reply`, { message: 'Yes, we do.' }),
    ).toMatchObject({ success: true });
    const mails = await t.db.query<{ subject: string }>('select subject from outbox where recipient = $1 order by id', [
      email,
    ]);
    expect(mails.rows.map((m) => m.subject)).toEqual([
      expect.stringContaining(`we received your message (${caseNo})`),
      expect.stringContaining(`Reply on your case ${caseNo}`),
    ]);
    // Delivered (the dev outbox here) with the reference to quote.
    const delivered = t.app.messenger.outbox?.list().find((m) => m.to === email && m.subject.includes('Reply on'));
    expect(delivered?.text).toContain(`Reference: ${caseNo}`);
  });

  test('clocks: a breach is computed from the case’s times, and noted once by its job', async () => {
    await setCases({ first_response_hours: 0.0005 });
    try {
      const u = await makeUser(t);
      const c = await open(u.token, { message: 'Nobody answers' });
      const staff = await makeStaff(t, 'reviewer');
      const deadline = Date.now() + 30_000;
      let events: string[] = [];
      while (Date.now() < deadline) {
        t.app.jobs.kick('case_clock');
        events = (
          await t.db.query<{ kind: string }>(
            'select e.kind from support_case_events e join support_cases c on c.id = e.case_id where c.case_no = $1',
            [c.data.case_no],
          )
        ).rows.map((r) => r.kind);
        if (events.includes('first_response_breached')) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(events.filter((k) => k === 'first_response_breached')).toHaveLength(1);
      const queue = await opsCall<StaffCase[]>(t, staff.token, 'GET', '/ops/api/cases');
      expect(queue.data[0]!.case_no).toBe(c.data.case_no);
      expect(queue.data[0]!.first_response.breached).toBe(true);
      expect((await detail(u.token, c.data.case_no)).data.first_response_late).toBe(true);
      const staffMail = await t.db.query('select 1 from outbox where subject = $1', [
        `[Case ${c.data.case_no}] first-response time passed`,
      ]);
      expect(staffMail.rows).toHaveLength(1);
    } finally {
      await setCases({ first_response_hours: 2 });
    }
  });

  if (target === 'postgres') {
    test('in parallel: one open case per order, one solve, rate limits hold', async () => {
      const u = await makeUser(t);
      const orderNo = await order(u.token);
      const opens = await Promise.all(
        Array.from({ length: 6 }, (_, i) => open(u.token, { about: 'order', order_no: orderNo, message: `ask ${i}` })),
      );
      expect(opens.every((r) => r.success)).toBe(true);
      expect(new Set(opens.map((r) => r.data.case_no)).size).toBe(1);
      expect(opens.filter((r) => !r.data.existing)).toHaveLength(1);
      const caseNo = opens[0]!.data.case_no;
      expect((await detail(u.token, caseNo)).data.messages).toHaveLength(6);

      const s1 = await makeStaff(t, 'reviewer');
      const s2 = await makeStaff(t, 'reviewer');
      const solves = await Promise.all(
        [s1, s2].map((s) => opsCall(t, s.token, 'POST', `/ops/api/cases/${caseNo}/solve`, { resolution: 'Paid.' })),
      );
      expect(solves.filter((r) => r.success)).toHaveLength(1);
      expect(solves.find((r) => !r.success)).toMatchObject({ msg: CASE_MESSAGES.alreadySolved });
      const solvedEvents = await t.db.query(
        'select 1 from support_case_events e join support_cases c on c.id = e.case_id where c.case_no = $1 and ' +
          "e.kind = 'solved'",
        [caseNo],
      );
      expect(solvedEvents.rows).toHaveLength(1);

      await setCases({ opens_per_hour: 3, messages_per_hour: 4 });
      try {
        const v = await makeUser(t);
        const many = await Promise.all(Array.from({ length: 6 }, (_, i) => open(v.token, { message: `new ${i}` })));
        expect(many.filter((r) => r.success)).toHaveLength(3);
        expect(many.find((r) => !r.success)).toMatchObject({ status: 429 });
        expect(many.find((r) => !r.success)!.msg).toContain(CASE_MESSAGES.tooManyOpens);
        const first = many.find((r) => r.success)!.data.case_no;
        const replies = await Promise.all(
          Array.from({ length: 7 }, (_, i) =>
            t.call('/case/reply', { token: v.token, case_no: first, message: `m${i}` }),
          ),
        );
        expect(replies.filter((r) => r.success)).toHaveLength(4);
        expect(replies.find((r) => !r.success)!.msg).toContain(CASE_MESSAGES.tooManyMessages);
      } finally {
        await setCases({ opens_per_hour: 10, messages_per_hour: 60 });
      }
    });
  }
});
