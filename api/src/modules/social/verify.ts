import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
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
    private readonly cfg: Pick<Config, 'google' | 'apple' | 'facebook' | 'googleOAuth' | 'appleCode'>,
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
    if (!c.clientIds.length)
      throw new AppError(`${provider === 'google' ? 'Google' : 'Apple'} sign-in is not configured`);
    const issuer = provider === 'google' ? this.cfg.google.issuers : this.cfg.apple.issuer;
    try {
      const { payload } = await jwtVerify(token, this.keys(c.jwksUrl), {
        issuer,
        audience: c.clientIds,
        algorithms: ['RS256', 'ES256'],
      });
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

  /** POSTs a form to a provider's token endpoint; any failure is the provider's sign-in failing. */
  private async tokenEndpoint(
    url: string,
    form: Record<string, string>,
    failure: string,
  ): Promise<Record<string, unknown>> {
    try {
      const res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    } catch {
      throw new AppError(failure);
    }
  }

  /**
   * A Google access token (the apps sign in with one): Google's token-info endpoint says whose it
   * is and for which client; it must be one of ours and not expired.
   */
  async googleAccessToken(accessToken: string): Promise<VerifiedIdentity> {
    const failure = 'Google login failed. Please try again.';
    if (!this.cfg.google.clientIds.length) throw new AppError('Google sign-in is not configured');
    const url = new URL(this.cfg.googleOAuth.tokenInfoUrl);
    url.searchParams.set('access_token', accessToken);
    let info: {
      aud?: string;
      azp?: string;
      sub?: string;
      email?: string;
      email_verified?: string | boolean;
      expires_in?: string | number;
    };
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`status ${res.status}`);
      info = (await res.json()) as typeof info;
    } catch {
      throw new AppError(failure);
    }
    const ours = [info.aud, info.azp].some((a) => typeof a === 'string' && this.cfg.google.clientIds.includes(a));
    if (!ours || typeof info.sub !== 'string' || !info.sub || !(Number(info.expires_in) > 0))
      throw new AppError(failure);
    const email = typeof info.email === 'string' ? info.email.toLowerCase() : null;
    const verified = info.email_verified === true || info.email_verified === 'true';
    return { provider: 'google', uid: info.sub, email, emailVerified: Boolean(email) && verified, name: '' };
  }

  /** An OAuth authorization code from the apps (social/getGoogleInfoByToken): exchanged at Google's token endpoint. */
  async googleCode(code: string, redirectUri: string): Promise<VerifiedIdentity> {
    const failure = 'Google login failed. Please try again.';
    const clientId = this.cfg.google.clientIds[0];
    if (!clientId || !this.cfg.googleOAuth.clientSecret) throw new AppError('Google sign-in is not configured');
    const tokens = await this.tokenEndpoint(
      this.cfg.googleOAuth.tokenUrl,
      {
        code,
        client_id: clientId,
        client_secret: this.cfg.googleOAuth.clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
      },
      failure,
    );
    // The id token names the person and the e-mail in one signed statement; else ask about the access token.
    if (typeof tokens.id_token === 'string') return this.google(tokens.id_token);
    if (typeof tokens.access_token === 'string') return this.googleAccessToken(tokens.access_token);
    throw new AppError(failure);
  }

  /**
   * An Apple authorization code (the apps send one, not an id token): exchanged at Apple's token
   * endpoint with a client secret that is a JWT signed ES256 with our key; the id token it returns
   * is then verified like any other.
   */
  async appleCode(code: string): Promise<VerifiedIdentity> {
    const failure = 'Apple login failed. Please try again.';
    const { teamId, keyId, privateKey, tokenUrl } = this.cfg.appleCode;
    const clientId = this.cfg.apple.clientIds[0];
    if (!clientId || !teamId || !keyId || !privateKey) throw new AppError('Apple sign-in is not configured');
    let secret: string;
    try {
      secret = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: keyId })
        .setIssuer(teamId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .setAudience('https://appleid.apple.com')
        .setSubject(clientId)
        .sign(await importPKCS8(privateKey, 'ES256'));
    } catch {
      throw new AppError('Apple sign-in is not configured');
    }
    const tokens = await this.tokenEndpoint(
      tokenUrl,
      { client_id: clientId, client_secret: secret, code, grant_type: 'authorization_code' },
      failure,
    );
    if (typeof tokens.id_token !== 'string') throw new AppError(failure);
    return this.apple(tokens.id_token);
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
    if (!d?.is_valid || String(d.app_id) !== appId || !d.user_id)
      throw new AppError('Facebook login failed. Please try again.');
    // Graph does not vouch for an e-mail address here; the client's one is kept unverified.
    return { provider: 'facebook', uid: String(d.user_id), email: null, emailVerified: false, name: '' };
  }
}
