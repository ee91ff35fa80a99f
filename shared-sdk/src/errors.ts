// The two ways a call can fail, told apart by `instanceof` or by `kind`.
import { NETWORK_ERROR_MESSAGE } from './messages';

/** The server answered with `success: false` (or the session token was refused). */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly kind: 'api' | 'session' = 'api';
  constructor(
    /** The server's message, for the user. */
    readonly msg: string,
    readonly code: string | undefined,
    /** The path called, e.g. `user/applogin`. */
    readonly path: string,
    readonly data?: unknown,
    /** The request's reference (`ref` of the failed envelope), shown under the message for support. */
    readonly ref?: string,
  ) {
    super(msg || `Request to ${path} failed`);
  }
}

/**
 * The token was refused (`common.004` or one of the token messages of SPEC §8). The session was
 * cleared and the browser sent to the login form before this rejection arrives.
 */
export class SessionExpiredError extends ApiError {
  override readonly name = 'SessionExpiredError';
  override readonly kind = 'session' as const;
}

/** No usable reply: offline, timeout, or a non-2xx status without the envelope. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly kind = 'network' as const;
  constructor(
    readonly path: string,
    /** The HTTP status when one arrived. */
    readonly status?: number,
    options?: { cause?: unknown; ref?: string },
  ) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.ref = options?.ref;
  }
  /** The reference of the request when a reply came (an edge or proxy answer without the envelope). */
  readonly ref?: string;
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** The text a screen shows for a failed call: the server's msg, the network message, or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.msg) return error.msg;
  return fallback;
}
