/**
 * @jest-environment jsdom
 */
// A failed call carries its request's reference, and the screens show it under the
// message ("Reference: 7F3K2Q") — from the envelope's `ref`, else from X-Request-Id; never any other
// text a reply puts there.
import { render, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '../gc/client';
import { ApiError, NetworkError } from '../errors';
import { ErrorReference, errorRef } from '../error-reference';
import { normalizeRef, refOf } from '../request-id';
import { LoadError } from '../ui/async';

const answering =
  (status: number, data: unknown, headers: Record<string, string> = {}): AxiosAdapter =>
  async (config: InternalAxiosRequestConfig) => ({ data, status, statusText: '', headers, config });
const api = (adapter: AxiosAdapter) =>
  createApiClient({ getToken: () => '', onTokenInvalid: () => undefined, adapter });
const failure = async (adapter: AxiosAdapter) =>
  api(adapter)
    .public.countrylist()
    .catch((e: unknown) => e);

test("a failed envelope's ref is the error's reference", async () => {
  const e = await failure(
    answering(200, { success: false, msg: 'Wrong PIN', code: 'common.001', data: null, ref: '7F3K2Q' }),
  );
  expect(e).toBeInstanceOf(ApiError);
  expect(errorRef(e)).toBe('7F3K2Q');
});

test('without one, the reference comes from X-Request-Id; a ref that is not one is not shown', async () => {
  const id = 'ABCDEFGHJK0123456789';
  expect(
    errorRef(
      await failure(
        answering(200, { success: false, msg: 'No', code: 'common.001', data: null }, { 'x-request-id': id }),
      ),
    ),
  ).toBe('ABCDEF');
  expect(
    errorRef(
      await failure(answering(200, { success: false, msg: 'No', code: 'common.001', data: null, ref: '<img src=x>' })),
    ),
  ).toBeUndefined();
  const down = await failure(answering(502, '<h1>Bad gateway</h1>', { 'x-request-id': id }));
  expect(down).toBeInstanceOf(NetworkError);
  expect(errorRef(down)).toBe('ABCDEF');
});

test('shown small under the message, in LoadError and wherever a form shows a failure', () => {
  render(
    <LoadError
      error={new ApiError('Service unavailable', 'common.503', 'x', null, '7F3K2Q')}
      retry={() => undefined}
      what="your wallet"
    />,
  );
  expect(screen.getByRole('alert').textContent).toContain('Service unavailable Reference: 7F3K2Q');
  render(<ErrorReference error={new Error('plain')} />);
  expect(screen.getAllByText(/Reference:/)).toHaveLength(1);
});

test('a reference typed back is read as stored', () => {
  expect(normalizeRef('Reference: 7f3k-2q')).toBe('7F3K2Q');
  expect(normalizeRef('  ref #o1l2ab ')).toBe('0112AB');
  expect(normalizeRef('7F3K2')).toBeUndefined();
  expect(refOf('0b6f7d9e-2f55-4a51-9d7e-5d2c1a3f9b10')).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
});
