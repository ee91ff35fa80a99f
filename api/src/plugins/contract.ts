import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/db.js';
import {
  AppError,
  BUSY_CODE,
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_S,
  Codes,
  fail,
  TOKEN_INVALID,
  TOKEN_MISSING,
} from '../lib/envelope.js';
import { clientOf, verifySign } from '../lib/sign.js';

const TRANSPORT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/x-www-form-urlencoded',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Malformed request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed request body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed request body',
};

/** Whether a value (its keys too, at any depth) holds a NUL. A loop over the keys: no array of pairs made per body. */
export function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) if (k.includes('\u0000') || hasNul(o[k])) return true;
  return false;
}

const isTokenValue = (v: unknown): v is string =>
  typeof v === 'string' && v !== '' && v !== 'undefined' && v !== 'null';

/**
 * The /gc contract: the sign is checked on the raw parsed body before validation sees it, then the
 * token; every error becomes the envelope, and nothing internal (stack, SQL, driver text) leaks.
 */
export const contractPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('rawParams', null as unknown as Record<string, unknown>);
  app.decorateRequest('client', 'web');

  // A callback hook: a route without a token (public data) is checked without a promise made for it. What it throws
  // reaches the error handler as a rejection would.
  app.addHook('preValidation', (req, _reply, done) => {
    const cfg = req.routeOptions.config;
    if (!cfg?.gc) return done();
    const body = req.body;
    if (body === undefined || body === null || body === '') req.body = {};
    else if (typeof body !== 'object' || Array.isArray(body))
      throw new AppError('Malformed request body', Codes.validation, 400);
    const params = req.body as Record<string, unknown>;
    req.rawParams = params;
    // PostgreSQL text cannot hold NUL; no field of ours has a use for control characters like it.
    if (hasNul(params)) throw new AppError('Request contains invalid characters', Codes.validation);

    const check = verifySign(params, app.config.appKeys, req.rawForm);
    req.client = clientOf(params, check);
    if (!check.ok) {
      if (app.config.signMode === 'enforce') throw new AppError('Invalid signature', Codes.sign);
      req.log.warn({ reason: check.reason }, 'sign check failed (SIGN_MODE=log, let through)');
    }

    if (!cfg.auth) return done();
    const token = params.token;
    if (!isTokenValue(token)) {
      if (cfg.auth === 'required') throw new AppError(TOKEN_MISSING, Codes.token);
      return done();
    }
    app.sessions.resolve(token).then((auth) => {
      if (!auth && cfg.auth === 'required') return done(new AppError(TOKEN_INVALID, Codes.token));
      req.auth = auth;
      done();
    }, done);
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(fail(err.message, err.code, err.data));
    }
    const fe = err as FastifyError & { validation?: { message?: string }[] };
    if (fe.validation?.length) {
      return reply.status(200).send(fail(fe.validation[0]?.message || 'Invalid request', Codes.validation));
    }
    if (isDatabaseUnavailable(err)) {
      // No connection or lock in time, or the database went away: nothing was done; try again.
      req.log.warn(
        { err: { message: err.message, code: (err as { code?: unknown }).code } },
        'database busy or unavailable: answered busy',
      );
      return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_S)).send(fail(BUSY_MESSAGE, BUSY_CODE));
    }
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(fail('Too many requests, please try again later', Codes.tooMany));
    }
    if (status >= 400 && status < 500) {
      const msg = TRANSPORT_MESSAGES[fe.code] ?? (fe instanceof SyntaxError ? 'Malformed request body' : 'Bad request');
      return reply.status(status).send(fail(msg, status === 413 ? Codes.tooLarge : Codes.validation));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail('Something went wrong, please try again later', Codes.internal));
  });
});
