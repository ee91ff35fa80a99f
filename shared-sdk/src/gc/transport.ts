// The one HTTP client: every /gc call is a form-encoded POST carrying appid, app_version, token and
// the sign of CONTRACT §0. Replies are unwrapped here, once: a refused token clears the session and
// goes to the login form; any other `success: false` is an ApiError; no usable reply (none, or one
// outside the contract of replies/) is a NetworkError.
import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import { API_BASE, API_PREFIX, APP_ID, APP_KEY, APP_VERSION } from '../config';
import { ApiError, NetworkError, SessionExpiredError } from '../errors';
import { TOKEN_INVALID_CODE, TOKEN_INVALID_MESSAGE, TOKEN_MISSING_MESSAGE } from '../messages';
import { computeSign, normalizeFields, type FieldValue } from '../sign';
import { normalizeRef, refOf } from '../request-id';
import { parse, replySchema } from './replies';
import type { Envelope } from './types';

export type Payload = Readonly<Record<string, FieldValue>>;

export interface TransportOptions {
  /** Scheme and host of the API; '' (default) is the page's own origin. */
  baseUrl?: string;
  appId?: string;
  appKey?: string;
  appVersion?: string;
  /** The session token, '' when signed out. */
  getToken: () => string;
  /** Called when the server refuses the token, before the call rejects. */
  onTokenInvalid: () => void;
  timeoutMs?: number;
  /** For tests: an axios adapter that answers without a network. */
  adapter?: AxiosAdapter;
}

export interface RequestOptions {
  /** Every call of the contract is POST; GET sends the same fields as query parameters. */
  method?: 'POST' | 'GET';
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 20000;

/** True when a reply means the session token is missing, expired or revoked (SPEC §8, CONTRACT §0). */
export function isTokenInvalidReply(reply: Pick<Envelope, 'code' | 'msg'>): boolean {
  return (
    reply.code === TOKEN_INVALID_CODE || reply.msg === TOKEN_INVALID_MESSAGE || reply.msg === TOKEN_MISSING_MESSAGE
  );
}

/**
 * A failed reply's reference: its envelope's `ref` when it is one (the api's and the edge's), else
 * derived from its X-Request-Id; anything else is not shown (a reply must not put text on screen).
 */
function refOfReply(body: Envelope, requestId: string | undefined): string | undefined {
  const ref = (body as { ref?: unknown }).ref;
  if (typeof ref === 'string' && normalizeRef(ref) === ref) return ref;
  return requestId ? refOf(requestId) : undefined;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).success === 'boolean';
}

export class Transport {
  readonly http: AxiosInstance;
  private readonly appId: string;
  private readonly appKey: string;
  private readonly appVersion: string;

  constructor(private readonly options: TransportOptions) {
    this.appId = options.appId ?? APP_ID;
    this.appKey = options.appKey ?? APP_KEY;
    this.appVersion = options.appVersion ?? APP_VERSION;
    this.http = axios.create({
      baseURL: `${options.baseUrl ?? API_BASE}${API_PREFIX}`,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      // Every status reaches the envelope check: a 4xx/5xx with an envelope is still an answer.
      validateStatus: () => true,
      adapter: options.adapter,
      headers: { Accept: 'application/json' },
    });
  }

  /** The complete, signed field set for a call: payload, then appid, app_version and token, then sign. */
  signedFields(payload: Payload): Record<string, string> {
    const fields = normalizeFields({
      ...payload,
      appid: this.appId,
      app_version: this.appVersion,
      token: this.options.getToken() ?? '',
    });
    delete fields.sign;
    return { ...fields, sign: computeSign(fields, this.appKey) };
  }

  /** Sends a call and answers the whole envelope of a `success: true` reply. */
  async envelope<T>(path: string, payload: Payload = {}, options: RequestOptions = {}): Promise<Envelope<T>> {
    const cleanPath = path.replace(/^\/+/, '').replace(/^gc\//, '');
    const fields = this.signedFields(payload);
    const method = options.method ?? 'POST';
    // Loaded while the call is on its way (the account part is its own chunk: replies/index.ts).
    const schemaLoad = replySchema(cleanPath).catch(
      (error: unknown) => new NetworkError(cleanPath, undefined, { cause: error }),
    );
    let status: number;
    let body: unknown;
    let requestId: string | undefined;
    try {
      const response = await this.http.request({
        url: `/${cleanPath}`,
        method,
        signal: options.signal,
        ...(method === 'GET' ? { params: fields } : { data: new URLSearchParams(fields).toString() }),
        headers: method === 'GET' ? undefined : { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      status = response.status;
      body = response.data;
      const header: unknown = response.headers?.['x-request-id'];
      requestId = typeof header === 'string' && header ? header : undefined;
    } catch (error) {
      throw new NetworkError(cleanPath, undefined, { cause: error });
    }
    if (!isEnvelope(body)) {
      throw new NetworkError(cleanPath, status, { ref: status >= 400 && requestId ? refOf(requestId) : undefined });
    }
    // CONTRACT §1.2: the token check comes before `success`.
    if (isTokenInvalidReply(body)) {
      try {
        this.options.onTokenInvalid();
      } catch (hookError) {
        // The rejection below must still reach the caller, whatever the hook did.
        console.error('[giftlane-sdk] token-invalid handler failed', hookError);
      }
      throw new SessionExpiredError(
        body.msg ?? TOKEN_INVALID_MESSAGE,
        body.code ?? TOKEN_INVALID_CODE,
        cleanPath,
        body.data,
      );
    }
    if (!body.success) throw new ApiError(body.msg ?? '', body.code, cleanPath, body.data, refOfReply(body, requestId));
    // The reply's data is decoded with its path's schema, the one the api checks it against.
    const schema = await schemaLoad;
    if (schema instanceof NetworkError) throw schema;
    if (!schema) return body as Envelope<T>;
    const decoded = parse(schema, body.data);
    if (!decoded.ok) {
      console.error(`[giftlane-sdk] ${cleanPath} answered outside the contract`, decoded.issues);
      throw new NetworkError(cleanPath, status, { cause: decoded.issues });
    }
    return { ...body, data: decoded.value } as Envelope<T>;
  }

  /** Sends a call and answers `data` of a `success: true` reply. */
  async request<T>(path: string, payload: Payload = {}, options: RequestOptions = {}): Promise<T> {
    return (await this.envelope<T>(path, payload, options)).data;
  }
}
