import { createServer, type Server } from 'node:http';
import { PaystackPayoutProvider } from '../modules/payment/provider.js';

/** The Paystack adapter against a local server speaking Paystack's resolve protocol. */
describe('Paystack account resolve', () => {
  let server: Server;
  let base = '';
  const seen: { auth?: string; url?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ auth: req.headers.authorization, url: req.url });
      const u = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (u.pathname !== '/bank/resolve' || req.headers.authorization !== 'Bearer sk_test_local')
        return void res.writeHead(401).end(JSON.stringify({ status: false, message: 'Invalid key' }));
      if (u.searchParams.get('account_number') === '0000000000')
        return void res
          .writeHead(422)
          .end(JSON.stringify({ status: false, message: 'Could not resolve account name' }));
      if (u.searchParams.get('account_number') === '5555555555') return void res.writeHead(503).end('{}');
      res.writeHead(200).end(
        JSON.stringify({
          status: true,
          message: 'Account number resolved',
          data: { account_number: u.searchParams.get('account_number'), account_name: 'ADA OKAFOR', bank_id: 9 },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('resolves, reports not-found and provider outages distinctly', async () => {
    const p = new PaystackPayoutProvider(base, 'sk_test_local');
    const bank = { code: '058', method: 'BANK' as const, countryId: 1 };
    expect(await p.resolveAccount(bank, '0123456789')).toEqual({ ok: true, accountName: 'ADA OKAFOR' });
    expect(seen[0]).toEqual({
      auth: 'Bearer sk_test_local',
      url: '/bank/resolve?account_number=0123456789&bank_code=058',
    });
    expect(await p.resolveAccount(bank, '0000000000')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Could not resolve/),
    });
    expect(await p.resolveAccount(bank, '5555555555')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/unavailable/),
    });
    expect(
      await new PaystackPayoutProvider('http://127.0.0.1:1', 'k').resolveAccount(bank, '0123456789'),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/unavailable/) });
  });

  test('mobile money wallets resolve through the same protocol, with Paystack’s network codes', async () => {
    const p = new PaystackPayoutProvider(base, 'sk_test_local');
    seen.length = 0;
    expect(await p.resolveAccount({ code: 'TELECEL', method: 'MOMO', countryId: 2 }, '0201234567')).toEqual({
      ok: true,
      accountName: 'ADA OKAFOR',
    });
    expect(await p.resolveAccount({ code: 'AT', method: 'MOMO', countryId: 2 }, '0261234567')).toEqual({
      ok: true,
      accountName: 'ADA OKAFOR',
    });
    expect(seen.map((s) => s.url)).toEqual([
      '/bank/resolve?account_number=0201234567&bank_code=VOD',
      '/bank/resolve?account_number=0261234567&bank_code=ATL',
    ]);
  });
});
