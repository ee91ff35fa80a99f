import type { IdType } from './tiers.js';

/** A person as the identity provider's record has them. */
export interface IdentityRecord {
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

export type LookUpResult = { ok: true; person: IdentityRecord } | { ok: false; kind: 'not_found' | 'unavailable' };
export type SelfieResult =
  | { ok: true; match: boolean; confidence: number }
  | { ok: false; kind: 'not_found' | 'unavailable' };

/**
 * The identity provider behind verification, in the shape of Dojah's KYC look-ups: an
 * app id and a secret key in the `AppId` and `Authorization` headers; `GET /api/v1/kyc/bvn?bvn=`,
 * `/api/v1/kyc/nin?nin=`, `/api/v1/kyc/ghana_card?id_number=` answer `{ entity: { first_name,
 * middle_name, last_name, date_of_birth } }`; `POST /api/v1/kyc/selfie` compares a selfie with the
 * record's photo (`{ entity: { selfie_verification: { match, confidence_value } } }`).
 */
export interface IdentityProvider {
  lookUp(type: IdType, number: string): Promise<LookUpResult>;
  matchSelfie(type: IdType, number: string, image: Buffer): Promise<SelfieResult>;
}

const PATHS: Record<IdType, { path: string; param: string }> = {
  bvn: { path: '/api/v1/kyc/bvn', param: 'bvn' },
  nin: { path: '/api/v1/kyc/nin', param: 'nin' },
  ghana_card: { path: '/api/v1/kyc/ghana_card', param: 'id_number' },
};

export class HttpIdentityProvider implements IdentityProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly appId: string,
    private readonly secretKey: string,
    private readonly fetchFn: typeof fetch = fetch,
    private readonly timeoutMs = 8_000,
  ) {}

  private async call(path: string, init: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown }) {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    try {
      const res = await this.fetchFn(url, {
        method: init.method,
        headers: {
          AppId: this.appId,
          Authorization: this.secretKey,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const json = (await res.json().catch(() => null)) as { entity?: Record<string, unknown> } | null;
      return { status: res.status, entity: json?.entity };
    } catch {
      return null;
    }
  }

  async lookUp(type: IdType, number: string): Promise<LookUpResult> {
    const p = PATHS[type];
    const r = await this.call(p.path, { method: 'GET', query: { [p.param]: number } });
    if (!r || r.status >= 500 || r.status === 429 || r.status === 401 || r.status === 403)
      return { ok: false, kind: 'unavailable' };
    const e = r.entity;
    if (r.status !== 200 || !e || typeof e.first_name !== 'string' || typeof e.last_name !== 'string')
      return { ok: false, kind: 'not_found' };
    return {
      ok: true,
      person: {
        firstName: e.first_name,
        middleName: typeof e.middle_name === 'string' ? e.middle_name : '',
        lastName: e.last_name,
        dateOfBirth: String(e.date_of_birth ?? '').slice(0, 10),
      },
    };
  }

  async matchSelfie(type: IdType, number: string, image: Buffer): Promise<SelfieResult> {
    const r = await this.call('/api/v1/kyc/selfie', {
      method: 'POST',
      body: { id_type: type, id_number: number, selfie_image: image.toString('base64') },
    });
    if (!r || r.status >= 500 || r.status === 429 || r.status === 401 || r.status === 403)
      return { ok: false, kind: 'unavailable' };
    const s = (r.entity?.selfie_verification ?? null) as { match?: unknown; confidence_value?: unknown } | null;
    if (r.status !== 200 || !s) return { ok: false, kind: 'not_found' };
    return { ok: true, match: s.match === true, confidence: Number(s.confidence_value ?? 0) };
  }
}
