// `@giftlane/shared-sdk/testing`: the one test setup of every app. A screen under test
// talks to a real SDK — the real client, decoders and stores — whose transport answers from a table
// of wire replies (CONTRACT shapes, as the api sends them) instead of the network, and records each
// call's fields. No hand-built copy of the SDK, so a test fails when the client or a decoder changes
// under the screen. Tests only: nothing in an app's source imports this.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createElement, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from './router';
import { createSdk, installSdk, type Sdk } from './sdk';
import type { UserWire } from './gc/types';

/** A refusal, as the api sends one: `success: false` with its message (and code, and the request's reference). */
export class Refusal {
  constructor(
    readonly msg: string,
    readonly code = 'common.001',
    readonly ref?: string,
  ) {}
}

/** A reply with fields beside `data` in its envelope (a page's `total`, say). */
export class WithEnvelope {
  constructor(
    readonly data: unknown,
    readonly extra: Record<string, unknown>,
  ) {}
}

/** No answer at all (the network or the server is down): the call rejects with a NetworkError. */
export const NO_ANSWER = Symbol('no answer');

/**
 * What a path answers: its `data`, a WithEnvelope, a Refusal, NO_ANSWER, a promise of one of those (a reply still on
 * its way), or a function of the call's fields returning one of those.
 */
export type WireReply = unknown;

export interface RecordedCall {
  path: string;
  /** The fields sent, as the api receives them (strings), without the signature fields. */
  fields: Record<string, string>;
}

const SIGNATURE_FIELDS = ['appid', 'app_version', 'token', 'sign'];

/** The api as a table: path (without /gc/) → reply. A path that is not in it answers a refusal naming it. */
export interface TestApi {
  sdk: Sdk;
  /** Every call so far, oldest first. */
  calls: RecordedCall[];
  /** The calls to one path. */
  callsTo(path: string): Record<string, string>[];
  /** Sets what a path answers from now on; a list is answered one item per call (the last one repeats). */
  answer(path: string, ...replies: WireReply[]): void;
}

function fieldsOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const raw =
    config.method?.toUpperCase() === 'GET'
      ? new URLSearchParams(config.params as Record<string, string>)
      : new URLSearchParams(String(config.data ?? ''));
  const out: Record<string, string> = {};
  for (const [k, v] of raw) if (!SIGNATURE_FIELDS.includes(k)) out[k] = v;
  return out;
}

/** A Nigerian seller as `user/userInfo` sends one (CONTRACT §3.3), with `over` on top. */
export function sellerWire(over: Partial<UserWire> = {}): UserWire {
  return {
    user_id: 7,
    country_id: 1,
    country_name: 'Nigeria',
    currency_symbol: '₦',
    currency_name: 'NGN',
    username: 'ada@example.com',
    nickname: 'Ada',
    email: 'ada@example.com',
    vip_level: 0,
    money: '0.00',
    rebate_money: '0.00',
    usd_rebate_money: '0.0000',
    is_email_bind: true,
    t_password_null: false,
    ...over,
  };
}

export interface TestApiOptions {
  /** A signed-in seller (the session holds a token; `user/userInfo` answers this user); false: signed out. */
  seller?: Partial<UserWire> | false;
}

/**
 * Builds a real SDK answering from `replies` and installs it as the page's SDK (what `getSdk()`
 * returns), so screens and hooks under test use it unchanged. By default a Nigerian seller is
 * signed in; `replies` may override `user/userInfo`.
 */
export function testApi(replies: Record<string, WireReply> = {}, options: TestApiOptions = {}): TestApi {
  const queues = new Map<string, WireReply[]>();
  const calls: RecordedCall[] = [];
  const answer = (path: string, ...list: WireReply[]) => void queues.set(path, list);
  const seller = options.seller === false ? null : sellerWire(options.seller);
  if (seller) answer('user/userInfo', seller);
  for (const [path, reply] of Object.entries(replies)) answer(path, reply);

  const adapter: AxiosAdapter = async (config) => {
    const path = String(config.url ?? '').replace(/^\/+/, '');
    const fields = fieldsOf(config);
    calls.push({ path, fields });
    const queue = queues.get(path);
    let reply: WireReply = queue?.length
      ? queue.length > 1
        ? queue.shift()
        : queue[0]
      : new Refusal(`No reply for ${path} in this test`);
    if (typeof reply === 'function') reply = (reply as (f: Record<string, string>) => WireReply)(fields);
    // A promise answers when the test settles it (a reply still on its way).
    if (reply instanceof Promise) reply = await reply;
    if (reply === NO_ANSWER) throw Object.assign(new Error(`${path}: no answer`), { config, isAxiosError: true });
    const data =
      reply instanceof Refusal
        ? { success: false, code: reply.code, msg: reply.msg, data: null, ...(reply.ref ? { ref: reply.ref } : {}) }
        : reply instanceof WithEnvelope
          ? { success: true, code: '0', msg: 'success', ...reply.extra, data: reply.data }
          : { success: true, code: '0', msg: 'success', data: reply ?? null };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };

  const sdk = createSdk({ adapter });
  // What an earlier test left in the browser's storage is not this test's session.
  sdk.store.session.clear();
  if (seller) sdk.store.session.signIn({ token: 'test-session-token', user_id: seller.user_id });
  installSdk(sdk);
  return {
    sdk,
    calls,
    callsTo: (path) => calls.filter((c) => c.path === path).map((c) => c.fields),
    answer,
  };
}

/** An element rendered inside a memory router, as the shell's data router would render it; `extra` routes beside it. */
export function inRouter(
  element: ReactElement,
  extra: Array<{ path: string; element: ReactElement }> = [],
  at = '/',
): ReactElement {
  return createElement(RouterProvider, {
    router: createMemoryRouter([{ path: '/', element }, ...extra], { initialEntries: [at] }),
  });
}
