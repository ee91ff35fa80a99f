/** The reply envelope of every /gc call (CONTRACT §1.2, §0). */
export interface Envelope<T = unknown> {
  success: boolean;
  msg: string;
  code: string;
  data: T;
}

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ success: true, msg, code: '0', data });

export const fail = (msg: string, code = 'common.001', data: unknown = null): Envelope => ({ success: false, msg, code, data });

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
} as const;

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
