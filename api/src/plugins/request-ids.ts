// Request ids end to end. The edge gives each request an id and passes it on in
// X-Request-Id; the api takes it only from a proxy it trusts (TRUST_PROXY), else makes its own.
// The id is Fastify's request id: every log line of the request carries it and its six-character
// reference (`reqId`, `ref`), also lines written through app.log while the request runs; the reply
// carries it in X-Request-Id, and every failed reply's envelope carries the reference (`ref`),
// which the seller is shown and staff search by (request_refs).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { CROCKFORD, isAcceptableRequestId, refOf } from '@giftlane/shared-sdk/request-id';
import { BUSY_CODE } from '../lib/envelope.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Random bytes for 200 ids, drawn from the cryptographic source at once: one system call per 200 requests. */
const ID_BYTES = 20;
const pool = Buffer.alloc(ID_BYTES * 200);
let taken = pool.length;

/**
 * A fresh request id, as shared-sdk's newRequestId makes it (20 Crockford characters, 100 random bits), from random
 * bytes taken in bulk; each byte is used once.
 */
export function freshRequestId(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  let id = '';
  for (let i = taken; i < taken + ID_BYTES; i++) id += CROCKFORD[pool[i]! & 31];
  taken += ID_BYTES;
  return id;
}

/**
 * The request id of a raw request: the one a trusted proxy sent (a well-formed one: at most 64
 * printable characters), else a fresh one. Whatever a client itself sends is ignored, so nobody
 * can make their requests share an id (or a reference) with someone else's.
 */
export function requestIdFrom(trusted: string[]): (raw: IncomingMessage) => string {
  const trust = trusted.length ? proxyAddr.compile(trusted) : () => false;
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER];
    const peer = raw.socket?.remoteAddress;
    if (typeof given === 'string' && peer && trust(peer, 0) && isAcceptableRequestId(given)) return given;
    return freshRequestId();
  };
}

interface Scope {
  reqId: string;
  ref: string;
}
const scope = new AsyncLocalStorage<Scope>();
/** Set on the loggers made for a request (and inherited by their children): they carry the id already. */
const BOUND = Symbol('giftlane.request-logger');

/** pino's mixin: a line written through a logger that is not the request's gets the running request's id. */
export function requestMixin(_obj: object, _level: number, logger: unknown): object {
  if ((logger as Record<symbol, unknown>)[BOUND]) return {};
  const s = scope.getStore();
  return s ? { reqId: s.reqId, ref: s.ref } : {};
}

/**
 * The reference of an id, remembered for the last id asked: the request's logger and its onRequest hook both need it,
 * one after the other.
 */
let last = { id: '', ref: '' };
function refOnce(id: string): string {
  if (last.id !== id) last = { id, ref: refOf(id) };
  return last.ref;
}

/**
 * Fastify's childLoggerFactory: the request's logger carries its id and reference. Fastify's bindings are the id
 * alone, under `reqId` (requestIdLogLabel is left as it is). They are written out as a literal rather than spread into
 * a copy: pino walks the keys of the object it is given, and over a spread copy that walk took several times as long
 * (about 4 µs a request against 0.5 µs, measured with pino 10).
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions) {
  const id = String(bindings.reqId ?? '');
  const child = logger.child({ reqId: bindings.reqId, ref: refOnce(id) }, opts);
  (child as unknown as Record<symbol, unknown>)[BOUND] = true;
  return child;
}

/** A failed reply's envelope, as the error handlers send it. */
interface FailedEnvelope {
  success: false;
  msg: string;
  code: string;
}
const isFailedEnvelope = (p: unknown): p is FailedEnvelope => {
  const e = typeof p === 'object' && p !== null ? (p as { success?: unknown; code?: unknown }) : undefined;
  return e?.success === false && typeof e.code === 'string';
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The six-character reference of the request id (what the seller is shown). */
    ref: string;
    /** Set when the reply is a failed envelope: its code and message. */
    failure: { code: string; msg: string } | null;
  }
}

/** Where a route's requests are counted and recorded: its pattern, never the raw URL. */
export const routeOf = (req: FastifyRequest): string => req.routeOptions.url ?? 'unmatched';

export const requestIdsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('ref', '');
  app.decorateRequest('failure', null);
  app.addHook('onRequest', (req, reply, done) => {
    req.ref = refOnce(req.id);
    reply.header(REQUEST_ID_HEADER, req.id);
    scope.run({ reqId: req.id, ref: req.ref }, done);
  });
  // The body arrives on the socket's own events: the request's scope is entered again after it.
  app.addHook('preValidation', (req, _reply, done) => scope.run({ reqId: req.id, ref: req.ref }, done));
  // Callback hooks: most replies succeed, and an async hook would make a promise for each of them for nothing.
  app.addHook('preSerialization', (req, _reply, payload: unknown, done) => {
    if (!isFailedEnvelope(payload)) return done(null, payload);
    req.failure = { code: payload.code, msg: payload.msg };
    // A framework error (a malformed URL) is answered before onRequest ran.
    req.ref ||= refOf(req.id);
    done(null, { ...payload, ref: req.ref });
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (!req.failure) return done();
    const path = routeOf(req);
    // Unknown paths (scanners) are in the log only; so is "busy": it means the database is away or
    // overloaded, and a write per refusal would only add to the queue for its connections.
    if (path === 'unmatched' || req.failure.code === BUSY_CODE) return done();
    app.requestRefs
      .record({
        ref: req.ref,
        requestId: req.id,
        userId: req.auth?.userId ?? null,
        method: req.method,
        path,
        status: reply.statusCode,
        code: req.failure.code,
        msg: req.failure.msg,
      })
      .then(() => done(), done);
  });
});
