// The binding quote: a valid card is never paid below its locked quote without the seller's
// consent. The reviewer sends a counter-offer; the seller accepts (credited once) or declines (closed
// unpaid); no answer by the deadline counts as declined; every race has exactly one outcome.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLedger } from '../modules/ledger/check.js';
import { OFFER_EXPIRE_JOB, OFFER_MESSAGES, expireOffer, declinedCounterOffer } from '../modules/order/offer-service.js';
import { ORDER_MESSAGES, WAITING_FOR_ANSWER } from '../modules/order/service.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { claimedOrder as claimed, makeStaff, makeUser, opsCall, upload } from '../test/money.js';

jest.setTimeout(180_000);

interface Offer {
  status: string;
  amount: string;
  quote_amount: string;
  reason: string;
  images: string[];
  expire_time: number;
  sent_time: number;
}
interface Detail {
  status: number;
  status_desc: string;
  amount: string;
  counter_offer: Offer | null;
  keyList: { status: string; fail_reason: string }[];
  timeline: { status: string }[];
}

describe.each(targets())('counter-offers on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-offer-'));
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

  /** A seller's order with a locked quote (card 1, face 40), claimed by a reviewer. */
  const claimedOrder = (opts: { quote?: boolean } = {}) => claimed(t, opts);
  const offerBody = (photo: string, face = '20') => ({
    lines: [{ status: 'success', card_id: 1, face_value: face, code: 'CODE-1' }],
    reason: 'other_denomination',
    note: 'The card is a $20 card',
    proof_images: [photo],
  });
  const send = (token: string, orderNo: string, body: unknown) =>
    opsCall<{ counter_offer: Offer | null; status: number }>(
      t,
      token,
      'POST',
      `/ops/api/orders/${orderNo}/counter-offer`,
      body,
    );
  const detail = (token: string, orderNo: string) => t.call<Detail>('/ord/detail', { token, order_no: orderNo });
  const answer = (token: string, orderNo: string, a: string) =>
    t.call<{ status: number; offer_status: string; replayed: boolean; amount: string }>('/ord/answerOffer', {
      token,
      order_no: orderNo,
      answer: a,
    });
  const credits = async (orderNo: string) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from ledger_journals j join orders o on j.ref_id = o.id::text and j.ref_type = ' +
          "'order' " +
          'where o.order_no = $1',
        [orderNo],
      )
    ).rows[0]!.n;
  const balance = async (token: string) =>
    (await t.call<{ total_amount: number }>('/wallet/balance', { token })).data.total_amount;

  test(
    'a valid card is not paid below its quote: the decision is refused and points to the ' + 'counter-offer',
    async () => {
      const { reviewer, orderNo } = await claimedOrder();
      const decide = (lines: unknown[], extra: Record<string, unknown> = {}) =>
        opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, { lines, ...extra });
      // A lower denomination, with or without a payout note; a lower rate; the same through the preview.
      for (const r of [
        await decide([{ status: 'success', card_id: 1, face_value: '20' }]),
        await decide([{ status: 'success', card_id: 1, face_value: '20' }], { payout_note: 'it is a $20 card' }),
        await decide([{ status: 'success', card_id: 1, face_value: '40', rate: '1' }]),
        await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/preview`, {
          lines: [{ status: 'success', card_id: 1, face_value: '20' }],
        }),
      ])
        expect(r).toMatchObject({ success: false, msg: ORDER_MESSAGES.belowQuote });
      expect(ORDER_MESSAGES.belowQuote).toMatch(/counter-offer/);
      // A failed card is still decided with its reason and proof.
      expect(await decide([{ status: 'failed', fail_reason: 'already_used' }])).toMatchObject({
        success: true,
        data: { status: 3 },
      });
    },
  );

  test('the quote paid in full, and a valid card with a failed one, still decide', async () => {
    const a = await claimedOrder();
    expect(
      await opsCall(t, a.reviewer.token, 'POST', `/ops/api/orders/${a.orderNo}/decide`, {
        lines: [
          { status: 'success', card_id: 1, face_value: '40' },
          { status: 'failed', fail_reason: 'invalid_code' },
        ],
      }),
    ).toMatchObject({ success: true, data: { status: 4 } });
  });

  test(
    'sent: the seller sees it waiting, is told, and the expiry is queued once; staff cannot decide ' + 'over it',
    async () => {
      const { seller, photo, reviewer, orderNo } = await claimedOrder();
      const priced = await opsCall<{ amount: string; quote_amount: string }>(
        t,
        reviewer.token,
        'POST',
        `/ops/api/orders/${orderNo}/counter-offer/preview`,
        offerBody(photo),
      );
      expect(priced.success).toBe(true);
      expect((await detail(seller.token, orderNo)).data.counter_offer).toBeNull();
      const sent = await send(reviewer.token, orderNo, offerBody(photo));
      expect(sent).toMatchObject({ success: true, data: { status: 1, counter_offer: { status: 'open' } } });
      const d = await detail(seller.token, orderNo);
      expect(d.data.status).toBe(1);
      expect(d.data.status_desc).toBe(WAITING_FOR_ANSWER);
      const offer = d.data.counter_offer!;
      expect({ amount: offer.amount, quote_amount: offer.quote_amount }).toEqual({
        amount: priced.data.amount,
        quote_amount: priced.data.quote_amount,
      });
      expect(Number(offer.amount)).toBeGreaterThan(0);
      expect(Number(offer.amount)).toBeLessThan(Number(offer.quote_amount));
      expect(offer.images[0]!.startsWith(`${photo}?expires=`)).toBe(true);
      expect(offer.expire_time - offer.sent_time).toBe(24 * 3600);
      expect(d.data.timeline.map((e) => e.status)).toEqual(['submitted', 'processing', 'offer_sent']);
      const list = await t.call<{ order_no: string; status_desc: string }[]>('/ord/list', {
        token: seller.token,
        status: 'inprocess',
      });
      expect(list.data[0]).toMatchObject({ order_no: orderNo, status_desc: WAITING_FOR_ANSWER });
      const notices = await t.db.query<{ title: string }>('select title from notices where order_no = $1 order by id', [
        orderNo,
      ]);
      expect(notices.rows.map((n) => n.title)).toContain('Counter-offer: waiting for your answer');
      // The expiry job, at the deadline, with its singleton key.
      const jobs = await t.db.query<{ start_after: Date; singleton_key: string }>(
        'select start_after, singleton_key from pgboss.job where name = $1 and data->>$2 = ' +
          '(select f.id::text from order_offers f join orders o on o.id = f.order_id where o.order_no = $3)',
        [OFFER_EXPIRE_JOB, 'offerId', orderNo],
      );
      expect(jobs.rows).toHaveLength(1);
      expect(Math.abs(new Date(jobs.rows[0]!.start_after).getTime() / 1000 - offer.expire_time)).toBeLessThan(2);
      // Audited in the same transaction.
      const audit = await t.db.query('select 1 from audit_log where action = $1 and target_id = $2', [
        'order.counter_offer',
        orderNo,
      ]);
      expect(audit.rows).toHaveLength(1);
      // The queue shows it waiting for the seller.
      const queue = await opsCall<{ orders: { order_no: string; waiting_for_seller: boolean }[] }>(
        t,
        reviewer.token,
        'GET',
        '/ops/api/orders/queue',
      );
      expect(queue.data.orders.find((o) => o.order_no === orderNo)?.waiting_for_seller).toBe(true);
      // No decision, refusal, release or second offer over it.
      const dec = await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/decide`, {
        lines: [{ status: 'failed', fail_reason: 'invalid_code' }],
      });
      expect(dec).toMatchObject({ success: false, msg: ORDER_MESSAGES.waitingForSeller });
      expect(
        await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/refuse`, { reason: 'x' }),
      ).toMatchObject({ success: false, msg: ORDER_MESSAGES.waitingForSeller });
      expect(await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/release`)).toMatchObject({
        success: false,
        msg: ORDER_MESSAGES.waitingForSeller,
      });
      expect(await send(reviewer.token, orderNo, offerBody(photo, '10'))).toMatchObject({
        success: false,
        msg: OFFER_MESSAGES.open,
      });
    },
  );

  test(
    'refused offers: not in review, no quote, at or above the quote, zero, bad reason, foreign proof, ' + 'roles',
    async () => {
      const { seller, photo, reviewer, orderNo } = await claimedOrder();
      const rival = await makeStaff(t, 'reviewer');
      expect(await send(rival.token, orderNo, offerBody(photo))).toMatchObject({
        success: false,
        msg: OFFER_MESSAGES.notInReview,
      });
      for (const role of ['finance', 'release_manager'] as const) {
        const s = await makeStaff(t, role);
        expect((await send(s.token, orderNo, offerBody(photo))).success).toBe(false);
      }
      expect((await send('forged', orderNo, offerBody(photo))).success).toBe(false);
      expect(await send(reviewer.token, orderNo, offerBody(photo, '40'))).toMatchObject({
        success: false,
        msg: expect.stringMatching(/below the locked quote/),
      });
      expect(await send(reviewer.token, orderNo, offerBody(photo, '50'))).toMatchObject({ success: false });
      expect(await send(reviewer.token, orderNo, offerBody(photo, '0'))).toMatchObject({
        success: false,
        msg: ORDER_MESSAGES.lineFace,
      });
      expect(await send(reviewer.token, orderNo, { ...offerBody(photo), reason: 'cheaper' })).toMatchObject({
        success: false,
        msg: OFFER_MESSAGES.reason,
      });
      expect(await send(reviewer.token, orderNo, { ...offerBody(photo), reason: 'other', note: '' })).toMatchObject({
        success: false,
        msg: OFFER_MESSAGES.otherNote,
      });
      expect(
        await send(reviewer.token, orderNo, {
          ...offerBody(photo),
          lines: [{ status: 'failed', fail_reason: 'invalid_code' }],
        }),
      ).toMatchObject({ success: false, msg: OFFER_MESSAGES.noValidLine });
      const victim = await makeUser(t);
      const theirs = await upload(t, victim.token);
      expect(await send(reviewer.token, orderNo, { ...offerBody(photo), proof_images: [theirs] })).toMatchObject({
        success: false,
        msg: ORDER_MESSAGES.proof,
      });
      expect(
        await send(reviewer.token, orderNo, { ...offerBody(photo), proof_images: Array(6).fill(photo) }),
      ).toMatchObject({ success: false, msg: 'At most 5 proof photos' });
      // Huge bodies are refused in the envelope, never a 500.
      const huge = await send(reviewer.token, orderNo, { ...offerBody(photo), note: 'x'.repeat(100_000) });
      expect(huge.success).toBe(false);
      expect(huge.status).toBeLessThan(500);
      expect((await detail(seller.token, orderNo)).data.counter_offer).toBeNull();
      // An order without a quote, and one that is finished.
      const noQuote = await claimedOrder({ quote: false });
      expect(await send(noQuote.reviewer.token, noQuote.orderNo, offerBody(noQuote.photo))).toMatchObject({
        success: false,
        msg: OFFER_MESSAGES.noQuote,
      });
      await opsCall(t, reviewer.token, 'POST', `/ops/api/orders/${orderNo}/refuse`, { reason: 'Unreadable' });
      expect(await send(reviewer.token, orderNo, offerBody(photo))).toMatchObject({
        success: false,
        msg: OFFER_MESSAGES.notInReview,
      });
    },
  );

  test('accept: credited at once, once; a replay answers the first; nobody else can answer', async () => {
    const { seller, photo, reviewer, orderNo } = await claimedOrder();
    await send(reviewer.token, orderNo, offerBody(photo));
    const other = await makeUser(t);
    expect(await answer(other.token, orderNo, 'accept')).toMatchObject({ success: false, msg: 'Order not found' });
    expect(await answer(seller.token, orderNo, 'maybe')).toMatchObject({ success: false });
    const before = await balance(seller.token);
    const a = await answer(seller.token, orderNo, 'accept');
    expect(a).toMatchObject({ success: true, data: { status: 2, offer_status: 'accepted', replayed: false } });
    const d = await detail(seller.token, orderNo);
    expect(d.data.counter_offer?.status).toBe('accepted');
    expect(d.data.amount).toBe(a.data.amount);
    expect(d.data.timeline.map((e) => e.status)).toEqual([
      'submitted',
      'processing',
      'offer_sent',
      'offer_accepted',
      'completed',
    ]);
    expect(await balance(seller.token)).toBeCloseTo(before + Number(a.data.amount), 2);
    expect(await answer(seller.token, orderNo, 'accept')).toMatchObject({ success: true, data: { replayed: true } });
    expect(await answer(seller.token, orderNo, 'decline')).toMatchObject({
      success: false,
      msg: OFFER_MESSAGES.answered('accepted'),
    });
    expect(await credits(orderNo)).toBe(1);
  });

  test('decline: closed unpaid, the card not redeemed, appealable; then nothing else', async () => {
    const { seller, photo, reviewer, orderNo } = await claimedOrder();
    await send(reviewer.token, orderNo, offerBody(photo));
    const before = await balance(seller.token);
    expect(await answer(seller.token, orderNo, 'decline')).toMatchObject({
      success: true,
      data: { status: 3, offer_status: 'declined' },
    });
    const d = await detail(seller.token, orderNo);
    expect(d.data).toMatchObject({ status: 3, amount: '0.00', counter_offer: { status: 'declined' } });
    expect(d.data.keyList).toEqual([
      expect.objectContaining({ status: 'failed', fail_reason: 'Not redeemed: counter-offer declined' }),
    ]);
    expect(d.data.timeline.map((e) => e.status).at(-1)).toBe('offer_declined');
    expect(await balance(seller.token)).toBe(before);
    expect(await credits(orderNo)).toBe(0);
    const id = (await t.db.query<{ id: bigint }>('select id from orders where order_no = $1', [orderNo])).rows[0]!.id;
    expect(await declinedCounterOffer(t.db, id)).toMatchObject({ status: 'declined' });
    expect(await answer(seller.token, orderNo, 'accept')).toMatchObject({
      success: false,
      msg: OFFER_MESSAGES.answered('declined'),
    });
    expect(await answer(seller.token, orderNo, 'decline')).toMatchObject({ success: true, data: { replayed: true } });
  });

  test(
    'a declined offer is appealed as such: the reviewer who sent it cannot take the appeal; another overturns it ' +
      'and the locked quote is credited, once',
    async () => {
      const { seller, photo, reviewer, orderNo } = await claimedOrder();
      await send(reviewer.token, orderNo, offerBody(photo));
      const quote = (await detail(seller.token, orderNo)).data.counter_offer!.quote_amount;
      await answer(seller.token, orderNo, 'decline');
      const pack = await t.call<{
        can_appeal: boolean;
        failed_cards: { reason: string; reviewer_note: string; proof_images: string[] }[];
      }>('/appeal/detail', { token: seller.token, order_no: orderNo });
      expect(pack.data.can_appeal).toBe(true);
      // The evidence is the offer's: its reason, the reviewer's note and the proof photo.
      expect(pack.data.failed_cards).toEqual([
        expect.objectContaining({
          reason: 'Counter-offer declined: The card is another denomination than the one you chose',
          reviewer_note: 'The card is a $20 card',
          proof_images: [expect.stringContaining('http')],
        }),
      ]);
      const opened = await t.call<{ appeal_no: string; outcome: string }>('/appeal/apply', {
        token: seller.token,
        order_no: orderNo,
        note: 'It was the $40 card I chose',
        images: '',
      });
      expect(opened).toMatchObject({ success: true, data: { outcome: 'declined_offer' } });
      const appealNo = opened.data.appeal_no;
      expect((await opsCall(t, reviewer.token, 'POST', `/ops/api/appeals/${appealNo}/take`)).success).toBe(false);
      const second = await makeStaff(t, 'reviewer');
      const before = await balance(seller.token);
      const resolve = () =>
        opsCall<{ credit_amount: string }>(t, second.token, 'POST', `/ops/api/appeals/${appealNo}/resolve`, {
          outcome: 'overturned',
          reason: 'The card was the $40 card the seller chose',
        });
      const [a, b] = await Promise.all([resolve(), resolve()]);
      expect([a, b].filter((r) => r.success)).not.toHaveLength(0);
      expect((a.success ? a : b).data.credit_amount).toBe(quote);
      expect((await balance(seller.token)) - before).toBeCloseTo(Number(quote), 2);
    },
  );

  test('an offer sent before the promised time and accepted after it earns no delay compensation', async () => {
    const { seller, photo, reviewer, orderNo } = await claimedOrder();
    await send(reviewer.token, orderNo, offerBody(photo));
    // The seller answers long after the promise: that wait is theirs, not ours.
    await t.db.query("update orders set promised_at = now() - interval '1 minute' where order_no = $1", [orderNo]);
    await t.db.query(
      "update order_offers set sent_at = now() - interval '2 minutes' where order_id = " +
        '(select id from orders where order_no = $1)',
      [orderNo],
    );
    expect(await answer(seller.token, orderNo, 'accept')).toMatchObject({ success: true });
    const paid = await t.db.query(
      'select 1 from delay_compensations c join orders o on o.id = c.subject_id where c.subject = $1 and ' +
        'o.order_no = $2',
      ['order', orderNo],
    );
    expect(paid.rows).toHaveLength(0);
  });

  test('no answer by the deadline counts as declined (the job before its time does nothing)', async () => {
    const { seller, photo, reviewer, orderNo } = await claimedOrder();
    await send(reviewer.token, orderNo, offerBody(photo));
    const id = (
      await t.db.query<{ id: string }>(
        'select f.id::text as id from order_offers f join orders o on o.id = f.order_id where o.order_no = $1',
        [orderNo],
      )
    ).rows[0]!.id;
    expect(await expireOffer(t.db, { offerId: id })).toBe('not_due');
    await t.db.query("update order_offers set expires_at = now() - interval '1 second' where id = $1", [id]);
    expect(await expireOffer(t.db, { offerId: id })).toBe('expired');
    expect(await expireOffer(t.db, { offerId: id })).toBe('answered');
    const d = await detail(seller.token, orderNo);
    expect(d.data).toMatchObject({ status: 3, counter_offer: { status: 'expired' } });
    expect(d.data.timeline.map((e) => e.status).at(-1)).toBe('offer_expired');
    expect(await answer(seller.token, orderNo, 'accept')).toMatchObject({
      success: false,
      msg: OFFER_MESSAGES.answered('expired'),
    });
  });

  test('the expiry runs on the job queue, after a restart of the api too', async () => {
    const { seller, photo, reviewer, orderNo } = await claimedOrder();
    await send(reviewer.token, orderNo, offerBody(photo));
    // The api stops and starts again (a new process over the same database): the job is still there.
    await t.close();
    t = await testApp(tdb, { uploadDir: dir, publicUrl: 'http://api.test' });
    const id = (
      await t.db.query<{ id: string }>(
        'select f.id::text as id from order_offers f join orders o on o.id = f.order_id where o.order_no = $1',
        [orderNo],
      )
    ).rows[0]!.id;
    // Its deadline comes (moved, rather than waiting 24 h).
    await t.db.query("update order_offers set expires_at = now() - interval '1 second' where id = $1", [id]);
    await t.db.query("update pgboss.job set start_after = now() where name = $1 and data->>'offerId' = $2", [
      OFFER_EXPIRE_JOB,
      id,
    ]);
    const deadline = Date.now() + 60_000;
    let status = 'open';
    while (status === 'open' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await t.db.query<{ status: string }>('select status from order_offers where id = $1', [id])).rows[0]!
        .status;
    }
    expect(status).toBe('expired');
    expect((await detail(seller.token, orderNo)).data.status).toBe(3);
  });

  if (target === 'postgres') {
    test('parallel: accepting five times credits once', async () => {
      const { seller, photo, reviewer, orderNo } = await claimedOrder();
      await send(reviewer.token, orderNo, offerBody(photo));
      const before = await balance(seller.token);
      const rs = await Promise.all(Array.from({ length: 5 }, () => answer(seller.token, orderNo, 'accept')));
      expect(rs.every((r) => r.success)).toBe(true);
      expect(rs.filter((r) => !r.data.replayed)).toHaveLength(1);
      expect(await credits(orderNo)).toBe(1);
      expect(await balance(seller.token)).toBeCloseTo(before + Number(rs[0]!.data.amount), 2);
    });

    test('parallel: accept, decline and the expiry race: exactly one outcome', async () => {
      for (let round = 0; round < 3; round++) {
        const { seller, photo, reviewer, orderNo } = await claimedOrder();
        await send(reviewer.token, orderNo, offerBody(photo));
        const id = (
          await t.db.query<{ id: string }>(
            'select f.id::text as id from order_offers f join orders o on o.id = f.order_id where o.order_no = $1',
            [orderNo],
          )
        ).rows[0]!.id;
        await t.db.query("update order_offers set expires_at = now() - interval '1 second' where id = $1", [id]);
        const [acc, dec, exp] = await Promise.all([
          answer(seller.token, orderNo, 'accept'),
          answer(seller.token, orderNo, 'decline'),
          expireOffer(t.db, { offerId: id }),
        ]);
        const won = [acc.success && !acc.data.replayed, dec.success && !dec.data.replayed, exp === 'expired'];
        expect(won.filter(Boolean)).toHaveLength(1);
        const offer = await t.db.query<{ status: string }>('select status from order_offers where id = $1', [id]);
        const d = await detail(seller.token, orderNo);
        expect(d.data.status).toBe(offer.rows[0]!.status === 'accepted' ? 2 : 3);
        expect(await credits(orderNo)).toBe(offer.rows[0]!.status === 'accepted' ? 1 : 0);
      }
    });

    test('parallel: the same offer sent four times at once leaves one open offer', async () => {
      const { photo, reviewer, orderNo } = await claimedOrder();
      const rs = await Promise.all(Array.from({ length: 4 }, () => send(reviewer.token, orderNo, offerBody(photo))));
      expect(rs.filter((r) => r.success)).toHaveLength(1);
      const n = await t.db.query(
        'select 1 from order_offers f join orders o on o.id = f.order_id where o.order_no = $1',
        [orderNo],
      );
      expect(n.rows).toHaveLength(1);
    });
  }
});
