import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdType } from './tiers.js';

/**
 * A local identity provider speaking the same protocol as HttpIdentityProvider (Dojah's shape),
 * for tests and for `npm start` where no real provider is configured. It knows the documented test
 * identities below, and tests may add more (POST /__stand-in/identities). Never used in production
 * (the api refuses to start without IDENTITY_API_URL there).
 */
export interface StandInIdentity {
  id_type: IdType;
  id_number: string;
  first_name: string;
  middle_name?: string;
  last_name: string;
  date_of_birth: string;
  /** The selfie comparison says "no match" for this identity. */
  selfie_mismatch?: boolean;
}

/** The documented test numbers (README, "Identity verification"). */
export const TEST_IDENTITIES: StandInIdentity[] = [
  {
    id_type: 'bvn',
    id_number: '22222222222',
    first_name: 'Chinedu',
    middle_name: 'Emeka',
    last_name: 'Okafor',
    date_of_birth: '1990-05-14',
  },
  {
    id_type: 'nin',
    id_number: '11111111111',
    first_name: 'Aisha',
    middle_name: '',
    last_name: 'Bello',
    date_of_birth: '1992-03-08',
  },
  {
    id_type: 'bvn',
    id_number: '22222222233',
    first_name: 'Tunde',
    middle_name: '',
    last_name: 'Adeyemi',
    date_of_birth: '1985-12-01',
    selfie_mismatch: true,
  },
  {
    id_type: 'ghana_card',
    id_number: 'GHA-123456789-0',
    first_name: 'Kwame',
    middle_name: 'Kofi',
    last_name: 'Mensah',
    date_of_birth: '1988-11-02',
  },
];
/** This BVN makes the stand-in answer 503, as a provider that is down. */
export const STAND_IN_DOWN_NUMBER = '22222222299';

export interface IdentityStandIn {
  url: string;
  appId: string;
  secretKey: string;
  add: (identity: StandInIdentity) => void;
  /** Calls received, for tests: which path, and whether it was authorised. */
  calls: { path: string; authorised: boolean }[];
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage, max = 8 * 1024 * 1024) =>
  new Promise<string>((resolve, reject) => {
    let s = '';
    req.on('data', (c: Buffer) => {
      s += c.toString('utf8');
      if (s.length > max) {
        req.destroy();
        reject(new Error('too large'));
      }
    });
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });

export async function startIdentityStandIn(
  opts: { port?: number; host?: string; appId?: string; secretKey?: string } = {},
): Promise<IdentityStandIn> {
  const appId = opts.appId ?? 'stand-in-app';
  const secretKey = opts.secretKey ?? `stand-in-${randomBytes(12).toString('hex')}`;
  const people = new Map<string, StandInIdentity>();
  const add = (p: StandInIdentity) => people.set(`${p.id_type}:${p.id_number}`, p);
  TEST_IDENTITIES.forEach(add);
  const calls: IdentityStandIn['calls'] = [];
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://stand-in');
    void (async () => {
      if (url.pathname === '/healthz') return send(200, { ok: true });
      if (req.method === 'POST' && url.pathname === '/__stand-in/identities') {
        const p = JSON.parse(await readBody(req)) as StandInIdentity;
        add(p);
        return send(201, { ok: true });
      }
      const authorised =
        same(String(req.headers.appid ?? ''), appId) && same(String(req.headers.authorization ?? ''), secretKey);
      calls.push({ path: url.pathname, authorised });
      if (!authorised) return send(401, { error: 'Invalid AppId or secret key' });
      const look = (type: IdType, n: string) => {
        if (n === STAND_IN_DOWN_NUMBER) return send(503, { error: 'Upstream registry unavailable' });
        const p = people.get(`${type}:${n}`);
        if (!p) return send(404, { error: `${type.toUpperCase()} not found` });
        return send(200, {
          entity: {
            [type === 'ghana_card' ? 'id_number' : type]: n,
            first_name: p.first_name,
            middle_name: p.middle_name ?? '',
            last_name: p.last_name,
            date_of_birth: p.date_of_birth,
          },
        });
      };
      if (req.method === 'GET' && url.pathname === '/api/v1/kyc/bvn')
        return look('bvn', url.searchParams.get('bvn') ?? '');
      if (req.method === 'GET' && url.pathname === '/api/v1/kyc/nin')
        return look('nin', url.searchParams.get('nin') ?? '');
      if (req.method === 'GET' && url.pathname === '/api/v1/kyc/ghana_card')
        return look('ghana_card', url.searchParams.get('id_number') ?? '');
      if (req.method === 'POST' && url.pathname === '/api/v1/kyc/selfie') {
        const b = JSON.parse(await readBody(req)) as { id_type?: IdType; id_number?: string; selfie_image?: string };
        if (b.id_number === STAND_IN_DOWN_NUMBER) return send(503, { error: 'Upstream registry unavailable' });
        const p = people.get(`${b.id_type}:${b.id_number}`);
        if (!p) return send(404, { error: 'Record not found' });
        if (!b.selfie_image || Buffer.from(b.selfie_image, 'base64').length < 100)
          return send(400, { error: 'selfie_image is required' });
        const match = !p.selfie_mismatch;
        return send(200, { entity: { selfie_verification: { match, confidence_value: match ? 97.3 : 12.1 } } });
      }
      return send(404, { error: 'Not found' });
    })().catch(() => send(400, { error: 'Bad request' }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    secretKey,
    add,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
