// The singleton and the token-invalid redirect, wired as getSdk wires them.
import type { AxiosAdapter } from 'axios';

beforeEach(() => {
  jest.resetModules();
  delete globalThis.__GIFTLANE_SDK__;
  delete globalThis.__GIFTLANE_SDK_DUPLICATES__;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

it('getSdk answers one instance per page', () => {
  const { getSdk, sdkInstanceReport } = require('../sdk') as typeof import('../sdk');
  expect(getSdk()).toBe(getSdk());
  expect(sdkInstanceReport()).toEqual({ duplicates: 0, isPrimary: true });
  expect(globalThis.__GIFTLANE_SDK__).toBeDefined();
});

it('a second copy of the module says so, is counted, and shares the first copy’s instance', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const first = require('../sdk') as typeof import('../sdk');
  jest.resetModules();
  const second = require('../sdk') as typeof import('../sdk');
  expect(error).toHaveBeenCalledWith(expect.stringContaining('Two copies of @giftlane/shared-sdk are loaded'));
  expect(globalThis.__GIFTLANE_SDK_DUPLICATES__).toBe(1);
  expect(second.sdkInstanceReport()).toEqual({ duplicates: 1, isPrimary: false });
  expect(second.getSdk()).toBe(first.getSdk());
});

it('a refused token clears the session, navigates to the login form and still rejects', async () => {
  const { getSdk } = require('../sdk') as typeof import('../sdk');
  const { setNavigationHandler } = require('../navigation') as typeof import('../navigation');
  const { SessionExpiredError } = require('../errors') as typeof import('../errors');
  const sdk = getSdk();
  sdk.store.session.signIn({ token: 'tok', user_id: 7 });
  const adapter: AxiosAdapter = async (config) => ({
    data: { success: false, msg: 'Token is no longer valid, please log in again', code: 'common.004', data: null },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  sdk.api.transport.http.defaults.adapter = adapter;
  const navigate = jest.fn();
  setNavigationHandler(navigate);
  await expect(sdk.api.wallet.balance()).rejects.toBeInstanceOf(SessionExpiredError);
  expect(navigate).toHaveBeenCalledWith('/login?view=LoginForm');
  expect(sdk.store.session.isSignedIn).toBe(false);
  expect(sessionStorage.getItem('giftlane_token')).toBeNull();
  expect(localStorage.getItem('giftlane_user')).toBeNull();
});

it('a token refused on a page keeps that page as the redirect of the login form', async () => {
  const { getSdk } = require('../sdk') as typeof import('../sdk');
  const { setNavigationHandler } = require('../navigation') as typeof import('../navigation');
  window.history.replaceState(null, '', '/page/wallet/history?type=withdraw#latest');
  const sdk = getSdk();
  sdk.store.session.signIn({ token: 'tok', user_id: 7 });
  sdk.api.transport.http.defaults.adapter = async (config) => ({
    data: { success: false, msg: 'Necessary parameter error:token', data: null },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  const navigate = jest.fn();
  setNavigationHandler(navigate);
  await expect(sdk.api.wallet.balance()).rejects.toThrow();
  window.history.replaceState(null, '', '/');
  expect(navigate).toHaveBeenCalledWith(
    '/login?redirect=%2Fwallet%2Fhistory%3Ftype%3Dwithdraw%23latest&view=LoginForm',
  );
  expect(sdk.store.session.isSignedIn).toBe(false);
  expect(sessionStorage.getItem('giftlane_token')).toBeNull();
  expect(localStorage.getItem('giftlane_user')).toBeNull();
});

/** Signed in, with every call refused: the token is no longer valid. */
function signedInAndRefused(sdk: ReturnType<typeof import('../sdk').getSdk>) {
  sdk.store.session.signIn({ token: 'tok', user_id: 7 });
  sdk.api.transport.http.defaults.adapter = async (config) => ({
    data: { success: false, msg: 'Token is no longer valid, please log in again', code: 'common.004', data: null },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
}

it('a token refused for a page still being opened keeps that page, not the one on screen', async () => {
  const { getSdk } = require('../sdk') as typeof import('../sdk');
  const { setNavigationHandler, setPlaceReader } = require('../navigation') as typeof import('../navigation');
  window.history.replaceState(null, '', '/homes');
  const sdk = getSdk();
  signedInAndRefused(sdk);
  const navigate = jest.fn();
  setNavigationHandler(navigate);
  // The router is opening /wallet: its data is asked for while the address still says /homes.
  const removeReader = setPlaceReader(() => ({ pathname: '/wallet', search: '', hash: '' }));
  await expect(sdk.api.wallet.balance()).rejects.toThrow();
  removeReader();
  window.history.replaceState(null, '', '/');
  expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fwallet&view=LoginForm');
});

it('calls refused while the first refusal is on its way to the login form go there once', async () => {
  const { getSdk } = require('../sdk') as typeof import('../sdk');
  const { setNavigationHandler, setPlaceReader } = require('../navigation') as typeof import('../navigation');
  const sdk = getSdk();
  signedInAndRefused(sdk);
  // The router's pending navigation is where the first refusal sent it.
  let going = { pathname: '/homes', search: '' };
  const navigate = jest.fn((to: string) => {
    const u = new URL(to, 'http://x');
    going = { pathname: u.pathname, search: u.search };
  });
  setNavigationHandler(navigate);
  const removeReader = setPlaceReader(() => going);
  await expect(sdk.api.user.userInfo()).rejects.toThrow();
  await expect(sdk.api.wallet.balance()).rejects.toThrow();
  await expect(sdk.api.ord.list({ status: 'all', page: 0, page_size: 10 })).rejects.toThrow();
  removeReader();
  expect(navigate).toHaveBeenCalledTimes(1);
  expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fhomes&view=LoginForm');
});

it('sends the session token and links the signed-in user to the tracker', async () => {
  const { getSdk } = require('../sdk') as typeof import('../sdk');
  const sdk = getSdk();
  const link = jest.spyOn(sdk.tracker, 'linkIdentity').mockImplementation(() => undefined);
  let sentToken: string | null = null;
  sdk.api.transport.http.defaults.adapter = async (config) => {
    sentToken = new URLSearchParams(String(config.data)).get('token');
    return { data: { success: true, data: [] }, status: 200, statusText: 'OK', headers: {}, config };
  };
  sdk.store.session.signIn({ token: 'tok-9', user_id: 9 });
  await sdk.api.public.countrylist();
  expect(sentToken).toBe('tok-9');
  expect(link).toHaveBeenCalledWith('9');
});

it('without a registered handler, navigation falls back to location.assign', () => {
  const { navigate, setNavigationHandler } = require('../navigation') as typeof import('../navigation');
  const remove = setNavigationHandler(jest.fn());
  remove();
  // jsdom cannot load another document, but it does carry out a same-document assign.
  navigate('#fallback');
  expect(location.hash).toBe('#fallback');
});
