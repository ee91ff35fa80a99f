import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importSPKI,
  jwtVerify,
  SignJWT,
  exportSPKI,
  type CryptoKey,
} from 'jose';

/**
 * One local server speaking the protocols of the providers the native apps bring in (the edge of
 * the world, per the team's standards): Google's OAuth token and token-info endpoints, Apple's token
 * endpoint (it checks our ES256 client secret) and keys, Facebook's debug_token, and Expo's push API.
 */
export interface StandIn {
  url: string;
  /** Messages Expo's push endpoint received, in order. */
  pushed: { to: string; title: string; body: string; data: Record<string, unknown> }[];
  /** The Apple private key (PKCS#8 PEM) our api signs its client secret with. */
  applePrivateKeyPem: string;
  google: {
    clientId: string;
    clientSecret: string;
    code: (sub: string, email: string) => string;
    accessToken: (sub: string, email: string) => string;
  };
  apple: { clientId: string; teamId: string; keyId: string; code: (sub: string, email: string) => string };
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString('utf8')));
    req.on('end', () => resolve(s));
  });

export async function startStandIn(): Promise<StandIn> {
  // The identity provider's signing key (id tokens), and our ES256 key Apple knows the public half of.
  const idp = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(idp.publicKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };
  const ours = await generateKeyPair('ES256', { extractable: true });
  const applePrivateKeyPem = await exportPKCS8(ours.privateKey);
  const applePublic: CryptoKey = await importSPKI(await exportSPKI(ours.publicKey), 'ES256');

  const google = { clientId: 'gl-android.apps.googleusercontent.com', clientSecret: 'google-stand-in-secret' };
  const apple = { clientId: 'ng.giftlane.app', teamId: 'TEAM123456', keyId: 'KEY1234567' };
  const googleCodes = new Map<string, { sub: string; email: string }>();
  const accessTokens = new Map<string, { sub: string; email: string }>();
  const appleCodes = new Map<string, { sub: string; email: string }>();
  const pushed: StandIn['pushed'] = [];

  const idToken = (iss: string, aud: string, who: { sub: string; email: string }) =>
    new SignJWT({ email: who.email, email_verified: 'true', name: 'Ngozi Eze' })
      .setProtectedHeader({ alg: 'RS256', kid: 'stand-in' })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject(who.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://stand-in');
    void (async () => {
      if (url.pathname === '/keys') return send(200, { keys: [jwk] });
      if (req.method === 'POST' && url.pathname === '/google/token') {
        const f = new URLSearchParams(await readBody(req));
        const who = googleCodes.get(f.get('code') ?? '');
        if (
          f.get('grant_type') !== 'authorization_code' ||
          f.get('client_id') !== google.clientId ||
          f.get('client_secret') !== google.clientSecret ||
          !who
        ) {
          return send(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        }
        googleCodes.delete(f.get('code') ?? '');
        const at = `ya29.${randomUUID()}`;
        accessTokens.set(at, who);
        return send(200, { access_token: at, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile' });
      }
      if (req.method === 'GET' && url.pathname === '/google/tokeninfo') {
        const who = accessTokens.get(url.searchParams.get('access_token') ?? '');
        if (!who) return send(400, { error: 'invalid_token', error_description: 'Invalid Value' });
        return send(200, {
          azp: google.clientId,
          aud: google.clientId,
          sub: who.sub,
          email: who.email,
          email_verified: 'true',
          expires_in: '3500',
          scope: 'openid email',
        });
      }
      if (req.method === 'POST' && url.pathname === '/apple/token') {
        const f = new URLSearchParams(await readBody(req));
        try {
          // Apple checks the client secret: ES256, our key id, our team, for this client, fresh.
          const { payload, protectedHeader } = await jwtVerify(f.get('client_secret') ?? '', applePublic, {
            issuer: apple.teamId,
            audience: 'https://appleid.apple.com',
            subject: apple.clientId,
          });
          if (protectedHeader.kid !== apple.keyId || !payload.exp) throw new Error('kid');
        } catch {
          return send(400, { error: 'invalid_client' });
        }
        const who = appleCodes.get(f.get('code') ?? '');
        if (f.get('client_id') !== apple.clientId || f.get('grant_type') !== 'authorization_code' || !who)
          return send(400, { error: 'invalid_grant' });
        appleCodes.delete(f.get('code') ?? '');
        return send(200, {
          access_token: 'a.apple',
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'r.apple',
          id_token: await idToken('https://appleid.apple.com', apple.clientId, who),
        });
      }
      if (url.pathname === '/facebook/debug') {
        const tok = url.searchParams.get('input_token') ?? '';
        return send(200, {
          data: tok.startsWith('fb-good-')
            ? { is_valid: true, app_id: 'fb-app', user_id: tok.slice(8) }
            : { is_valid: false },
        });
      }
      if (req.method === 'POST' && url.pathname === '/expo/push') {
        const messages = JSON.parse(await readBody(req)) as StandIn['pushed'];
        if (!Array.isArray(messages))
          return send(400, { errors: [{ code: 'VALIDATION_ERROR', message: 'an array of messages' }] });
        pushed.push(...messages);
        return send(200, {
          data: messages.map((m) =>
            m.to.includes('Gone')
              ? {
                  status: 'error',
                  message: `"${m.to}" is not a registered push notification recipient`,
                  details: { error: 'DeviceNotRegistered' },
                }
              : { status: 'ok', id: randomUUID() },
          ),
        });
      }
      return send(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    url: base,
    pushed,
    applePrivateKeyPem,
    google: {
      ...google,
      code: (sub, email) => {
        const c = `4/0g-${++n}-${randomUUID()}`;
        googleCodes.set(c, { sub, email });
        return c;
      },
      accessToken: (sub, email) => {
        const at = `ya29.${randomUUID()}`;
        accessTokens.set(at, { sub, email });
        return at;
      },
    },
    apple: {
      ...apple,
      code: (sub, email) => {
        const c = `c${++n}.${randomUUID()}`;
        appleCodes.set(c, { sub, email });
        return c;
      },
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
