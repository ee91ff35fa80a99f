// A local stand-in for Google's sign-in: its own RSA key, the JWKS the api verifies id tokens
// against (GOOGLE_JWKS_URL), and id tokens signed with that key for the tests. No network.
// Run as a process: `node --import tsx support/google-stand-in.ts` with GOOGLE_STAND_IN_PORT.
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'giftlane-e2e.apps.googleusercontent.com';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/** Asks the stand-in for an id token, as Google's script would hand one to the page. */
export async function googleIdToken(port: number, who: GoogleIdentity): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/token?${new URLSearchParams({ ...who })}`);
  if (!res.ok) throw new Error(`stand-in token: HTTP ${res.status}`);
  return res.text();
}

/** What the page loads instead of accounts.google.com/gsi/client: the GIS calls our app makes. */
export function googleScript(idToken: string): string {
  return (
    `window.google = { accounts: { id: {
    initialize: function (o) { window.__gsi = o; },
    prompt: function () { var o = window.__gsi; setTimeout(function () { o.callback({ credential: ` +
    `${JSON.stringify(idToken)} }); }, 10); },
    renderButton: function () {}, disableAutoSelect: function () {}, cancel: function () {}
  } } };`
  );
}

async function main() {
  const port = Number(process.env.GOOGLE_STAND_IN_PORT ?? 8182);
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/jwks.json' || url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/token') {
      const token = await new SignJWT({
        email: url.searchParams.get('email') ?? '',
        email_verified: true,
        name: url.searchParams.get('name') ?? '',
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_TEST_CLIENT_ID)
        .setSubject(url.searchParams.get('sub') ?? '')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(token);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  server.listen(port, '127.0.0.1');
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1]?.endsWith('google-stand-in.ts')) void main();
