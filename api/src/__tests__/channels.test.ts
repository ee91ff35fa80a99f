import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { CHANNEL_MESSAGES } from '../modules/channels/rules.js';
import { ROLE_REFUSED } from '../modules/ops/route.js';
import { freshDb, targets, testApp, uniqueEmail, uniquePhone, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, opsCall } from '../test/money.js';

/**
 * Our official channels: the list a visitor reads, the checker that tells ours from a look-alike,
 * staff's audited edits, and the line every code message ends with (read from what a real SMTP
 * server receives and from the outbox).
 */

const SITE = 'https://giftlane.ng';
const LINE = `Only trust channels listed at ${SITE}/verified-channels. We never ask for your PIN or codes.`;

/** A real SMTP server that keeps each message's decoded text by recipient. */
async function mailbox() {
  const got: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        // Quoted-printable: soft line breaks and =XX bytes.
        const text = Buffer.from(
          raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
        for (const r of session.envelope.rcptTo) got.push({ to: r.address, text });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function until<T>(check: () => T | undefined, ms = 10_000): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(targets())('official channels on %s', (target) => {
  jest.setTimeout(60_000);
  let tdb: TestDb;
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof mailbox>>;
  let admin: { id: number; token: string };

  const check = async (text: string) =>
    t.call<{ ours: boolean; kind: string; value: string }>('/public/channelCheck', { text });

  beforeAll(async () => {
    tdb = await freshDb(target);
    mail = await mailbox();
    t = await testApp(
      tdb,
      { smtpUrl: mail.url },
      {},
      { SITE_URL: SITE, SUPPORT_EMAIL: 'Support@GiftLane.ng', SUPPORT_WHATSAPP: '+2348031234567' },
    );
    admin = await makeStaff(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
    await tdb?.close();
  });

  test('before staff save a list, it is the configured support addresses and the site’s domain', async () => {
    const r = await t.call('/public/channels');
    expect(r).toMatchObject({
      success: true,
      data: {
        whatsapp: [{ number: '+2348031234567', purpose: 'Support', hours: '', link: 'https://wa.me/2348031234567' }],
        emails: [{ address: 'support@giftlane.ng', purpose: 'Support' }],
        domains: ['giftlane.ng'],
        socials: [],
        page_url: `${SITE}/verified-channels`,
      },
    });
  });

  test.each([
    '+2348031234567',
    '+234 803 123 4567',
    '08031234567',
    '0803 123 4567',
    '(0803) 123-4567',
    '2348031234567',
    '00234 803 123 4567',
    'https://wa.me/2348031234567',
    'wa.me/+2348031234567',
  ])('the number %s is ours', async (text) => {
    expect(await check(text)).toMatchObject({ success: true, data: { ours: true, match: { type: 'whatsapp' } } });
  });

  test.each(['+234 803 123 4568', '0813 123 4567', '+233 803 123 4567', '8031234567', 'https://wa.me/2348031234568'])(
    'the number %s is not ours',
    async (text) => {
      expect(await check(text)).toMatchObject({ success: true, data: { ours: false, match: null } });
    },
  );

  test.each(['support@giftlane.ng', ' SUPPORT@GiftLane.NG ', 'mailto:support@giftlane.ng'])(
    'the address %s is ours',
    async (text) => {
      expect(await check(text)).toMatchObject({ data: { kind: 'email', ours: true, value: 'support@giftlane.ng' } });
    },
  );

  test.each(['support@giftIane.ng', 'support@giftlane.ng.com', 'giftlane.support@gmail.com', 'payouts@giftlane.ng'])(
    'the address %s is not ours',
    async (text) => {
      expect(await check(text)).toMatchObject({ success: true, data: { kind: 'email', ours: false } });
    },
  );

  test.each(['giftlane.ng', 'https://giftlane.ng/homes/sell', 'HTTPS://WWW.GiftLane.NG/', 'http://pay.giftlane.ng'])(
    'the link %s is ours',
    async (text) => {
      expect(await check(text)).toMatchObject({ success: true, data: { kind: 'link', ours: true } });
    },
  );

  test.each([
    'giftlane.com.ng-pay.xyz',
    'https://giftlane.ng.pay-now.xyz/login',
    'https://giftIane.ng',
    'https://giftlane-ng.com',
    'https://giftlane.ng@evil.example/login',
    'https://giftlаne.ng',
  ])('the look-alike %s is not ours', async (text) => {
    expect(await check(text)).toMatchObject({ success: true, data: { kind: 'link', ours: false, match: null } });
  });

  test('a huge text, an empty one and one that is no number, address or link are refused in words', async () => {
    expect(await check('9'.repeat(20_000))).toMatchObject({ success: false, msg: CHANNEL_MESSAGES.checkTooLong });
    expect(await check('   ')).toMatchObject({ success: false, msg: CHANNEL_MESSAGES.checkRequired });
    expect(await t.call('/public/channelCheck', {})).toMatchObject({
      success: false,
      msg: CHANNEL_MESSAGES.checkRequired,
    });
    expect(await check('is this you?')).toMatchObject({ success: false, msg: CHANNEL_MESSAGES.unreadable });
  });

  test('checks are limited per client address, in words, in a bucket of their own', async () => {
    const strict = await testApp(tdb, { rateLimit: { authPerMin: 10_000, codePerMin: 10_000, lookupPerHour: 3 } });
    try {
      const ask = (ip: string) => strict.call('/public/channelCheck', { text: '0803 123 4567' }, { ip });
      for (let i = 0; i < 3; i++) expect((await ask('10.9.8.7')).success).toBe(true);
      expect(await ask('10.9.8.7')).toMatchObject({
        status: 429,
        success: false,
        code: 'common.429',
        msg: expect.stringMatching(/^Too many requests, please try again/),
      });
      expect((await ask('10.9.8.6')).success).toBe(true);
      // The list itself is not held back by the checks.
      expect((await strict.call('/public/channels', {}, { ip: '10.9.8.7' })).success).toBe(true);
    } finally {
      await strict.close();
    }
  });

  test(
    'an admin’s edit shows on the list and in the checker at once, audited; other roles and bad values are ' +
      'refused',
    async () => {
      const reviewer = await makeStaff(t, 'reviewer');
      const next = {
        whatsapp: [{ number: '+234 809 000 1111', purpose: 'Support', hours: 'Mon–Sat, 8:00–20:00 Lagos time' }],
        emails: [{ address: 'Help@GiftLane.ng', purpose: 'Support' }],
        domains: ['giftlane.ng', 'giftlane.com.gh'],
        socials: [{ network: 'Instagram', url: 'https://www.instagram.com/giftlane.ng/' }],
      };
      expect(await opsCall(t, reviewer.token, 'POST', '/ops/api/channels', next)).toMatchObject({
        success: false,
        msg: ROLE_REFUSED,
      });
      expect(await opsCall(t, reviewer.token, 'GET', '/ops/api/channels')).toMatchObject({ success: true });
      const bad = { ...next, whatsapp: [{ number: '0809 000 1111', purpose: 'Support', hours: '' }] };
      expect(await opsCall(t, admin.token, 'POST', '/ops/api/channels', bad)).toMatchObject({
        success: false,
        msg: CHANNEL_MESSAGES.badNumber('0809 000 1111'),
      });
      expect(
        await opsCall(t, admin.token, 'POST', '/ops/api/channels', { ...next, domains: ['https://giftlane.ng/x'] }),
      ).toMatchObject({ success: false, msg: CHANNEL_MESSAGES.badDomain('https://giftlane.ng/x') });
      expect(await opsCall(t, admin.token, 'POST', '/ops/api/channels', { ...next, emails: [] })).toMatchObject({
        success: false,
        msg: CHANNEL_MESSAGES.noEmail,
      });

      const saved = await opsCall(t, admin.token, 'POST', '/ops/api/channels', next);
      expect(saved).toMatchObject({ success: true, data: { changed: true } });
      const list = await t.call('/public/channels');
      expect(list.data).toMatchObject({
        whatsapp: [{ number: '+2348090001111', hours: 'Mon–Sat, 8:00–20:00 Lagos time' }],
        emails: [{ address: 'help@giftlane.ng' }],
        domains: ['giftlane.ng', 'giftlane.com.gh'],
        socials: [{ network: 'Instagram', handle: '@giftlane.ng' }],
      });
      expect((await check('0809 000 1111')).data).toMatchObject({ ours: true });
      expect((await check('0803 123 4567')).data).toMatchObject({ ours: false });
      expect((await check('support@giftlane.ng')).data).toMatchObject({ ours: false });
      expect((await check('https://giftlane.com.gh/sell')).data).toMatchObject({ ours: true });
      expect((await check('instagram.com/GiftLane.ng')).data).toMatchObject({ ours: true, match: { type: 'social' } });
      expect((await check('https://instagram.com/giftlane.ng.pay')).data).toMatchObject({ ours: false });

      const audit = await t.db.query<{ action: string; staff_id: number; details: { after: { domains: string[] } } }>(
        "select action, staff_id, details from audit_log where target_id = 'official_channels' order by id",
      );
      expect(audit.rows).toEqual([
        expect.objectContaining({ action: 'channels.updated', staff_id: admin.id, details: expect.anything() }),
      ]);
      expect(audit.rows[0]!.details.after.domains).toEqual(['giftlane.ng', 'giftlane.com.gh']);
      // The same list again changes nothing and writes no row.
      expect(await opsCall(t, admin.token, 'POST', '/ops/api/channels', next)).toMatchObject({
        data: { changed: false },
      });
      expect((await t.db.query("select 1 from audit_log where target_id = 'official_channels'")).rows).toHaveLength(1);
    },
  );

  test('code e-mails and WhatsApp code messages end with where to check our channels', async () => {
    const email = uniqueEmail();
    expect(await t.call('/user/sendEmailVerifyCode', { email })).toMatchObject({ success: true });
    const got = await until(() => mail.got.find((m) => m.to === email));
    expect(got?.text).toMatch(/code is \d{4,8}\./);
    expect(got?.text.replace(/\r?\n/g, ' ')).toContain(LINE);

    const phone = uniquePhone();
    expect(await t.call('/user/sendWhatsAppCode', { whatsapp: phone })).toMatchObject({ success: true });
    // The outbox keeps a code message's text only until it is sent: read what the WhatsApp sender was handed.
    const wa = await until(() =>
      t.app.messenger.outbox?.list().find((m) => m.to.replace(/\D/g, '') === phone.replace(/\D/g, '')),
    );
    expect(wa).toMatchObject({ channel: 'whatsapp', code: expect.any(String) });
    expect(wa?.text).toContain(LINE);
  });
});
