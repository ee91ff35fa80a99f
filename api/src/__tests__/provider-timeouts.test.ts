import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { loadConfig } from '../config/env.js';
import { HttpIdentityProvider } from '../modules/kyc/provider.js';
import { SmtpSender, WhatsAppCloudSender } from '../modules/messaging/messenger.js';
import { PaystackPayoutProvider } from '../modules/payment/provider.js';
import { ExpoPush } from '../modules/push/expo.js';

/**
 * Every call to the world outside has a bound. Servers that accept a connection and then
 * say nothing (or greet and then stall) must cost at most the configured time, not minutes.
 */

/** A TCP server that accepts and, depending on `mode`, never writes, or greets as SMTP and then never answers. */
async function stallingSmtp(mode: 'silent' | 'greet-then-stall'): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
    if (mode === 'greet-then-stall') s.write('220 stall.test ESMTP\r\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** An HTTP server that reads requests and never answers them. */
async function silentHttp(): Promise<{ base: string; close: () => Promise<void> }> {
  const server: HttpServer = createHttpServer(() => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const timed = async (p: Promise<unknown>) => {
  const start = Date.now();
  const outcome = await p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  );
  return { ...outcome, ms: Date.now() - start };
};

describe('bounds on outside providers', () => {
  jest.setTimeout(30_000);

  test('SMTP: a server that never greets is given up after the greeting timeout', async () => {
    const smtp = await stallingSmtp('silent');
    const sender = new SmtpSender(smtp.url, 'GiftLane <no-reply@giftlane.test>', {
      connectionMs: 1000,
      greetingMs: 600,
      socketMs: 800,
    });
    try {
      const r = await timed(sender.send({ channel: 'email', to: 'a@example.com', subject: 'Hi', text: 'Hello' }));
      expect(r.ok).toBe(false);
      expect(r.ms).toBeLessThan(2500);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  test('SMTP: a server that greets and then stalls is given up after the socket timeout', async () => {
    const smtp = await stallingSmtp('greet-then-stall');
    const sender = new SmtpSender(smtp.url, 'GiftLane <no-reply@giftlane.test>', {
      connectionMs: 1000,
      greetingMs: 600,
      socketMs: 800,
    });
    try {
      const r = await timed(sender.send({ channel: 'email', to: 'a@example.com', subject: 'Hi', text: 'Hello' }));
      expect(r.ok).toBe(false);
      expect(r.ms).toBeLessThan(2500);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  test(
    'HTTP providers that never answer: WhatsApp, Expo push, identity, bank look-up, Paystack ' + 'transfers',
    async () => {
      const http = await silentHttp();
      try {
        const bound = 700;
        const wa = new WhatsAppCloudSender(
          { apiUrl: http.base, phoneNumberId: '1', accessToken: 't', template: 'otp_code', templateLang: 'en' },
          fetch,
          bound,
        );
        const expo = new ExpoPush(`${http.base}/push`, undefined, fetch, bound);
        const identity = new HttpIdentityProvider(http.base, 'app', 'key', fetch, bound);
        const paystack = new PaystackPayoutProvider(http.base, 'sk_test', fetch, bound);
        const results = await Promise.all([
          timed(wa.send({ channel: 'whatsapp', to: '+2348012345678', subject: '', text: 'x', code: '1234' })),
          timed(expo.send([{ to: 'ExponentPushToken[abcdefghijkl]', title: 't', body: 'b', data: {} }])),
          timed(identity.lookUp('bvn', '22222222222')),
          timed(paystack.resolveAccount({ code: '058', method: 'BANK', countryId: 1 }, '0123456789')),
          timed(
            paystack.sendTransfer({
              reference: 'W1',
              amountMinor: 100n,
              currency: 'NGN',
              method: 'BANK',
              bankCode: '058',
              accountNo: '0123456789',
              accountName: 'A',
              narration: 'x',
            }),
          ),
        ]);
        for (const r of results) expect(r.ms).toBeLessThan(bound + 1500);
        expect(results[0]!.ok).toBe(false);
        expect(results[1]!.ok).toBe(false);
        expect(results[2]).toMatchObject({ ok: true, v: { ok: false, kind: 'unavailable' } });
        expect(results[3]).toMatchObject({ ok: true, v: { ok: false, reason: expect.stringMatching(/unavailable/) } });
        expect(results[4]).toMatchObject({ ok: true, v: { ok: false } });
      } finally {
        await http.close();
      }
    },
  );

  test('the bounds are settings with a few seconds by default', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.smtpTimeouts).toEqual({ connectionMs: 5000, greetingMs: 5000, socketMs: 15000 });
    expect(c.providerTimeoutMs).toBe(8000);
    expect(loadConfig({ NODE_ENV: 'test', SMTP_SOCKET_TIMEOUT_MS: '3000', PROVIDER_TIMEOUT_MS: '2500' })).toMatchObject(
      { smtpTimeouts: { socketMs: 3000 }, providerTimeoutMs: 2500 },
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PROVIDER_TIMEOUT_MS: '600000' })).toThrow(/PROVIDER_TIMEOUT_MS/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_GREETING_TIMEOUT_MS: '10' })).toThrow(/SMTP_GREETING_TIMEOUT_MS/);
  });
});
