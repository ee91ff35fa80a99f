// The reply schemas the api checks its replies against are the ones the SDK decodes them
// with. The schema functions, then the client: a reply outside the contract never reaches a screen.
import type { AxiosAdapter } from 'axios';
import { NetworkError } from '../errors';
import { createApiClient } from '../gc/client';
import { checkReply, GC_REPLIES } from '../gc/replies/all';
import { replySchema } from '../gc/replies';
import { PUBLIC_REPLIES } from '../gc/replies/public';
import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  optional,
  check,
  parse,
  record,
  string,
  union,
} from '../gc/replies/schema';

describe('schema functions', () => {
  const card = object({
    id: number,
    name: string,
    form: optional(string),
    tags: array(oneOf('new', 'hot')),
    quote: nullable(object({ rate: union(number, string) })),
  });

  it('decodes a matching value, keeping only the fields it names', () => {
    expect(
      parse(card, { id: 1, name: 'Steam', tags: ['hot'], quote: { rate: '1450.00', extra: 1 }, secret: 'x' }),
    ).toEqual({
      ok: true,
      value: { id: 1, name: 'Steam', tags: ['hot'], quote: { rate: '1450.00' } },
    });
  });

  it('names every place that does not match', () => {
    expect(parse(card, { id: '1', tags: ['new', 'old'], form: 3, quote: { rate: true } })).toEqual({
      ok: false,
      issues: [
        'data.id: expected number, got string',
        'data.name: expected string, got undefined',
        'data.form: expected string, got number',
        'data.tags.1: expected one of new, hot, got "old"',
        'data.quote.rate: expected number or string, got boolean',
      ],
    });
    expect(parse(array(number), { 0: 1 })).toEqual({ ok: false, issues: ['data: expected array, got object'] });
    expect(parse(card, null)).toEqual({ ok: false, issues: ['data: expected object, got null'] });
  });

  it('a union of objects names what each form missed', () => {
    expect(parse(union(object({ a: number }), array(number)), { b: 1 })).toEqual({
      ok: false,
      issues: [
        'data: matches none of its forms (data.a: expected number, got undefined; data: expected array, got object)',
      ],
    });
  });

  it('a loose object keeps fields it does not name; a record checks every value', () => {
    expect(parse(object({ a: number }, true), { a: 1, b: 2 })).toEqual({ ok: true, value: { a: 1, b: 2 } });
    expect(parse(record(boolean), { x: true, y: 'no' })).toEqual({
      ok: false,
      issues: ['data.y: expected boolean, got string'],
    });
    const decoded = parse(record(boolean), JSON.parse('{"__proto__": true, "x": false}'));
    expect(decoded.ok && Object.getPrototypeOf(decoded.value)).toBe(Object.prototype);
    expect(decoded.ok && Object.keys(decoded.value)).toEqual(['__proto__', 'x']);
  });
});

describe('the contract', () => {
  it('covers the paths the client calls, with the first pages’ paths in the SDK chunk', async () => {
    expect(Object.keys(GC_REPLIES).length).toBeGreaterThan(90);
    for (const path of [
      'public/appinit',
      'public/countrylist',
      'user/applogin',
      'user/userInfo',
      'v2/card/catalog',
      'card/calculator',
    ]) {
      expect(Object.keys(PUBLIC_REPLIES)).toContain(path);
    }
    await expect(replySchema('withdraw/apply')).resolves.toBe(GC_REPLIES['withdraw/apply']);
    await expect(replySchema('user/notInTheContract')).resolves.toBeUndefined();
  });

  it('checks a seller as user/userInfo sends one', () => {
    expect(
      checkReply('user/userInfo', { user_id: 7, username: 'ada@example.com', money: '1500.00', vip_level: 0 }).ok,
    ).toBe(true);
    expect(checkReply('user/userInfo', { user_id: '7' })).toEqual({
      ok: false,
      issues: ['data.user_id: expected number, got string'],
    });
  });

  it('answers a check as parse does: a match, or every place a nested value does not match, with its path', () => {
    const schema = object({
      list: array(object({ id: number, tags: record(string), kind: union(oneOf('a', 'b'), nullable(number)) })),
    });
    const good = {
      list: [
        { id: 1, tags: { x: 'y' }, kind: 'a', extra: true },
        { id: 2, tags: {}, kind: null },
      ],
    };
    expect(check(schema, good)).toEqual({ ok: true });
    const bad = {
      list: [
        { id: 1, tags: {}, kind: 'a' },
        { id: '2', tags: { x: 3 }, kind: 'c' },
      ],
    };
    const found = parse(schema, bad);
    expect(found.ok).toBe(false);
    expect(check(schema, bad)).toEqual(found);
    expect(check(schema, bad)).toEqual({
      ok: false,
      issues: [
        'data.list.1.id: expected number, got string',
        'data.list.1.tags.x: expected string, got number',
        'data.list.1.kind: expected one of a, b or number, got string',
      ],
    });
  });
});

describe('the client decodes with the contract', () => {
  const answering =
    (data: unknown): AxiosAdapter =>
    async (config) => ({
      data: { success: true, msg: 'success', code: '0', data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
  const client = (data: unknown) =>
    createApiClient({
      getToken: () => '',
      onTokenInvalid: () => undefined,
      adapter: answering(data),
      localCurrency: () => 'NGN',
    });

  it('a reply in the contract reaches the caller, without fields the contract does not name', async () => {
    await expect(
      client([{ id: 1, name: 'Nigeria', area_number: '+234', internal_note: 'x' }]).public.countrylist(),
    ).resolves.toEqual([{ id: 1, name: 'Nigeria', area_number: '+234' }]);
  });

  it(
    'a reply outside the contract is a NetworkError: the screen shows the network message, not half a ' + 'reply',
    async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const call = client({ total_amount: '10.00' }).wallet.balance();
      await expect(call).rejects.toBeInstanceOf(NetworkError);
      await expect(call).rejects.toMatchObject({
        path: 'wallet/balance',
        cause: [
          'data.usd_amount: expected number or string, got undefined',
          'data.currency_name: expected string, got undefined',
        ],
      });
      expect(error).toHaveBeenCalledWith(
        '[giftlane-sdk] wallet/balance answered outside the contract',
        expect.any(Array),
      );
      error.mockRestore();
    },
  );
});
