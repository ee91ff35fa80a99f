/** The reply envelope of every /gc call (CONTRACT §1.2, §0). */
export interface Envelope<T = unknown> {
  success: boolean;
  msg: string;
  code: string;
  data: T;
  /** A failed reply's request reference (added by plugins/request-ids.ts). */
  ref?: string;
}

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ success: true, msg, code: '0', data });

export const fail = (msg: string, code = 'common.001', data: unknown = null): Envelope => ({
  success: false,
  msg,
  code,
  data,
});

/** The codes we answer with. Only common.004 is interpreted by clients (it logs the user out). */
export const Codes = {
  failed: 'common.001',
  sign: 'common.002',
  validation: 'common.003',
  token: 'common.004',
  notFound: 'common.404',
  tooMany: 'common.429',
  tooLarge: 'common.413',
  internal: 'common.500',
  busy: 'common.503',
} as const;

/**
 * "Busy, try again": a dependency could not be had in time or is away (no free database
 * connection, a lock or statement wait cut by its bound, the database restarting). Sent with HTTP
 * 503 and Retry-After; nothing was done, so the same request may simply be sent again (with its
 * request key for money calls). Reused by every dependency's fault.
 */
export const BUSY_CODE = Codes.busy;
export const BUSY_MESSAGE = 'We are busy right now, please try again in a moment';
/** Seconds a client should wait before trying again (the Retry-After header). */
export const BUSY_RETRY_AFTER_S = 2;

export const TOKEN_MISSING = 'Necessary parameter error:token';
export const TOKEN_INVALID = 'Token is no longer valid, please log in again';

/**
 * A business failure: answered with HTTP 200 and success false (or with the given HTTP status for
 * transport-level faults). Its message is written for users and is safe to show.
 */
export class AppError extends Error {
  constructor(
    message: string,
    public readonly code: string = Codes.failed,
    public readonly statusCode = 200,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const appError = (msg: string, code: string = Codes.failed) => new AppError(msg, code);
