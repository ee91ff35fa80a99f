import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config/env.js';
import { AppError } from '../../lib/envelope.js';

export type Provider = 'google' | 'facebook' | 'apple';

export interface VerifiedIdentity {
  provider: Provider;
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/**
 * Proves a social sign-in: Google and Apple id tokens against the provider's JWKS (the URLs are
 * settings, so tests serve their own keys), Facebook access tokens through the Graph debug
 * endpoint. Identity is (provider, subject), never an e-mail address alone.
 */
export class SocialVerifier {
  private readonly jwks = new Map<string, JWTVerifyGetKey>();
  constructor(
    private readonly cfg: Pick<Config, 'google' | 'apple' | 'facebook'>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private keys(url: string): JWTVerifyGetKey {
    let k = this.jwks.get(url);
    if (!k) {
      k = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
      this.jwks.set(url, k);
    }
    return k;
  }

  private async idToken(provider: 'google' | 'apple', token: string): Promise<VerifiedIdentity> {
    const c = provider === 'google' ? this.cfg.google : this.cfg.apple;
    if (!c.clientIds.length) throw new AppError(`${provider === 'google' ? 'Google' : 'Apple'} sign-in is not configured`);
    const issuer = provider === 'google' ? this.cfg.google.issuers : this.cfg.apple.issuer;
    try {
      const { payload } = await jwtVerify(token, this.keys(c.jwksUrl), { issuer, audience: c.clientIds, algorithms: ['RS256', 'ES256'] });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      const name = typeof payload.name === 'string' ? payload.name : '';
      return { provider, uid: payload.sub, email, emailVerified: Boolean(email) && verified, name };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(`${provider === 'google' ? 'Google' : 'Apple'} login failed. Please try again.`);
    }
  }

  google(idToken: string) {
    return this.idToken('google', idToken);
  }

  apple(idToken: string) {
    return this.idToken('apple', idToken);
  }

  /** Facebook: debug_token says whether the token is valid, for our app, and whose it is. */
  async facebook(accessToken: string): Promise<VerifiedIdentity> {
    const { appId, appSecret, debugUrl } = this.cfg.facebook;
    if (!appId || !appSecret) throw new AppError('Facebook sign-in is not configured');
    const url = new URL(debugUrl);
    url.searchParams.set('input_token', accessToken);
    url.searchParams.set('access_token', `${appId}|${appSecret}`);
    let body: { data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number } };
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`status ${res.status}`);
      body = (await res.json()) as typeof body;
    } catch {
      throw new AppError('Facebook login failed. Please try again.');
    }
    const d = body.data;
    if (!d?.is_valid || String(d.app_id) !== appId || !d.user_id) throw new AppError('Facebook login failed. Please try again.');
    // Graph does not vouch for an e-mail address here; the client's one is kept unverified.
    return { provider: 'facebook', uid: String(d.user_id), email: null, emailVerified: false, name: '' };
  }
}
