import { RootStore, type StoreApi } from '../stores/root-store';
import { STORAGE_KEYS } from '../storage';
import { SessionExpiredError } from '../errors';
import { parseMoney } from '../money';

function fakeApi(
  overrides: { userInfo?: jest.Mock; vipInfo?: jest.Mock; notices?: jest.Mock; logout?: jest.Mock } = {},
) {
  const api = {
    user: {
      applogout: overrides.logout ?? jest.fn().mockResolvedValue(null),
      userInfo:
        overrides.userInfo ??
        jest.fn().mockResolvedValue({
          user_id: 7,
          nickname: 'Ada Lovelace',
          avatar: 'https://x/a.png',
          vip_level: 2,
          currency_name: 'NGN',
          country_id: 14,
        }),
    },
    vip: {
      info:
        overrides.vipInfo ??
        jest.fn().mockResolvedValue({
          vip_level: 2,
          vip_exp: 120,
          next_exp: 500,
          currency_symbol: '₦',
          amount_order_bonus: [{ bonus_amount: parseMoney('500', 'NGN'), order_amount: parseMoney('50000', 'NGN') }],
        }),
    },
    finder: {
      allNoticeWithoutRead:
        overrides.notices ??
        jest
          .fn()
          .mockResolvedValue([{ notice_new: true }, { notice_new: 0 }, { notice_new: 1 }, { notice_new: false }]),
    },
  };
  return api as unknown as StoreApi & typeof api;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('storage keys', () => {
  it('are exactly the spec keys, with the product name lower-cased', () => {
    expect(STORAGE_KEYS).toMatchObject({
      token: 'giftlane_token',
      userId: 'user_id',
      justLoggedIn: 'justLoggedIn',
      isNewUser: 'isNewUser',
      deviceNo: 'device_no',
      formData: 'formData',
      socialId: 'social_id',
      socialType: 'social_type',
      socialEmail: 'social_email',
      email: 'email',
      phone: 'phone',
      currentComponent: 'currentComponent',
      currencyName: 'currency_name',
      countryId: 'country_id',
      vipExp: 'vip_exp',
      nextExp: 'next_exp',
      currencySymbol: 'currency_symbol',
      signUpBonus: 'SignUpBonus',
      userData: 'giftlane_user',
    });
  });
});

describe('session', () => {
  it('signIn stores token, user_id and justLoggedIn, and the user-data JSON', () => {
    const store = new RootStore(fakeApi(), { events: undefined });
    expect(store.session.isSignedIn).toBe(false);
    store.session.signIn({ token: 'tok', user_id: 7, isNewUser: true });
    expect(store.session.isSignedIn).toBe(true);
    expect(sessionStorage.getItem('giftlane_token')).toBe('tok');
    expect(sessionStorage.getItem('user_id')).toBe('7');
    expect(sessionStorage.getItem('justLoggedIn')).toBe('true');
    expect(sessionStorage.getItem('isNewUser')).toBe('true');
    expect(JSON.parse(localStorage.getItem('giftlane_user')!)).toEqual({ user_id: '7' });
  });

  it('survives a reload: a new store reads the session, user and VIP data back', async () => {
    const first = new RootStore(fakeApi(), { events: undefined });
    first.session.signIn({ token: 'tok', user_id: 7 });
    await first.user.load();
    await first.vip.load();
    const reloaded = new RootStore(fakeApi(), { events: undefined });
    expect(reloaded.session).toMatchObject({ token: 'tok', userId: '7', isSignedIn: true, justLoggedIn: true });
    expect(reloaded.user).toMatchObject({
      nickname: 'Ada Lovelace',
      avatar: 'https://x/a.png',
      vipLevel: 2,
      currencyName: 'NGN',
      countryId: '14',
    });
    expect(reloaded.user.greetingName).toBe('Ada');
    expect(reloaded.vip).toMatchObject({ vipExp: 120, nextExp: 500, currencySymbol: '₦', signUpBonus: '50000.00' });
  });

  it('clear() empties session storage entirely and the user-data JSON', async () => {
    const store = new RootStore(fakeApi(), { events: undefined });
    store.session.signIn({ token: 'tok', user_id: 7 });
    await store.user.load();
    sessionStorage.setItem('formData', '{}');
    store.session.clear();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('giftlane_user')).toBeNull();
    expect(store.session.isSignedIn).toBe(false);
    expect(store.user.nickname).toBeUndefined();
    expect(store.user.greetingName).toBe('Guest');
  });

  it('logout calls user/applogout, then clears', async () => {
    const api = fakeApi();
    const store = new RootStore(api, { events: undefined });
    store.session.signIn({ token: 'tok', user_id: 7 });
    await store.session.logout();
    expect(api.user.applogout).toHaveBeenCalledTimes(1);
    expect(store.session.isSignedIn).toBe(false);
    expect(sessionStorage.getItem('giftlane_token')).toBeNull();
  });

  it('a failed logout keeps the session and throws the SPEC message', async () => {
    const store = new RootStore(fakeApi({ logout: jest.fn().mockRejectedValue(new Error('offline')) }), {
      events: undefined,
    });
    store.session.signIn({ token: 'tok', user_id: 7 });
    await expect(store.session.logout()).rejects.toThrow('Failed to log out. Please try again.');
    expect(store.session.isSignedIn).toBe(true);
  });

  it('a logout answered with a refused token counts as logged out', async () => {
    const store = new RootStore(
      fakeApi({ logout: jest.fn().mockRejectedValue(new SessionExpiredError('x', 'common.004', 'user/applogout')) }),
      {
        events: undefined,
      },
    );
    store.session.signIn({ token: 'tok', user_id: 7 });
    await expect(store.session.logout()).resolves.toBeUndefined();
  });
});

describe('two tabs', () => {
  it(
    "another tab's sign-in as someone else does not change this tab's session; this tab re-checks its " + 'token',
    async () => {
      const api = fakeApi();
      const store = new RootStore(api, { events: window });
      store.session.signIn({ token: 'mine', user_id: 7 });
      // The other tab writes its own user into the shared key.
      localStorage.setItem('giftlane_user', JSON.stringify({ user_id: '9', nickname: 'Other' }));
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'giftlane_user', newValue: localStorage.getItem('giftlane_user') }),
      );
      expect(store.session).toMatchObject({ token: 'mine', userId: '7' });
      expect(store.user.nickname).not.toBe('Other');
      expect(api.user.userInfo).toHaveBeenCalledTimes(1);
      store.dispose();
    },
  );

  it("another tab's profile update for the same user shows here too", () => {
    const store = new RootStore(fakeApi(), { events: window });
    store.session.signIn({ token: 'mine', user_id: 7 });
    localStorage.setItem(
      'giftlane_user',
      JSON.stringify({ user_id: '7', nickname: 'Renamed Person', avatar: 'b.png' }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'giftlane_user' }));
    expect(store.user.greetingName).toBe('Renamed');
    store.dispose();
  });

  it('a store for a different user does not take the stored profile', () => {
    localStorage.setItem('giftlane_user', JSON.stringify({ user_id: '9', nickname: 'Other' }));
    sessionStorage.setItem('giftlane_token', 'mine');
    sessionStorage.setItem('user_id', '7');
    const store = new RootStore(fakeApi(), { events: undefined });
    expect(store.user.nickname).toBeUndefined();
  });
});

describe('user and VIP loads', () => {
  it('do nothing while signed out (no call that would bounce to /login)', async () => {
    const api = fakeApi();
    const store = new RootStore(api, { events: undefined });
    await store.user.load();
    await store.vip.load();
    await store.notices.load();
    expect(api.user.userInfo).not.toHaveBeenCalled();
    expect(api.vip.info).not.toHaveBeenCalled();
    expect(api.finder.allNoticeWithoutRead).not.toHaveBeenCalled();
  });

  it('a user info failure is logged and the avatar falls back', async () => {
    const store = new RootStore(fakeApi({ userInfo: jest.fn().mockRejectedValue(new Error('boom')) }), {
      events: undefined,
    });
    store.session.signIn({ token: 'tok', user_id: 7 });
    await expect(store.user.load()).resolves.toBeUndefined();
    expect(store.user.avatar).toBeUndefined();
    expect(console.error).toHaveBeenCalled();
  });

  it(
    'the navbar and a page opened together ask for the profile once; a refresh after a change asks ' + 'again',
    async () => {
      let answer!: (v: unknown) => void;
      const userInfo = jest.fn(
        () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      );
      const store = new RootStore(fakeApi({ userInfo }), { events: undefined });
      store.session.signIn({ token: 'tok', user_id: 7 });
      const navbar = store.user.load();
      const page = store.user.info();
      expect(userInfo).toHaveBeenCalledTimes(1);
      answer({ user_id: 7, nickname: 'Ada Obi', currency_name: 'NGN', t_password_null: true });
      await navbar;
      await expect(page).resolves.toMatchObject({ t_password_null: true });
      expect(store.user.greetingName).toBe('Ada');
      const again = store.user.refresh();
      expect(userInfo).toHaveBeenCalledTimes(2);
      answer({ user_id: 7, nickname: 'Bola Obi', currency_name: 'NGN' });
      await again;
      expect(store.user.greetingName).toBe('Bola');
    },
  );

  it("VIP success:false logs 'Failed to fetch VIP data'", async () => {
    const store = new RootStore(fakeApi({ vipInfo: jest.fn().mockRejectedValue(new Error('nope')) }), {
      events: undefined,
    });
    store.session.signIn({ token: 'tok', user_id: 7 });
    await store.vip.load();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('Failed to fetch VIP data'), expect.any(Error));
  });
});

describe('notices', () => {
  afterEach(() => jest.useRealTimers());

  it('counts notice_new items with the SPEC request, now and every 30 s until stopped', async () => {
    jest.useFakeTimers();
    const api = fakeApi();
    const store = new RootStore(api, { events: undefined });
    store.session.signIn({ token: 'tok', user_id: 7 });
    store.notices.startPolling();
    store.notices.startPolling();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.notices.unreadCount).toBe(2);
    expect(api.finder.allNoticeWithoutRead).toHaveBeenCalledWith({
      start_time: 0,
      end_time: 9999999999,
      page: '0',
      page_size: '100',
    });
    const calls = api.finder.allNoticeWithoutRead.mock.calls.length;
    jest.advanceTimersByTime(29999);
    expect(api.finder.allNoticeWithoutRead).toHaveBeenCalledTimes(calls);
    jest.advanceTimersByTime(1);
    expect(api.finder.allNoticeWithoutRead).toHaveBeenCalledTimes(calls + 1);
    store.notices.stopPolling();
    jest.advanceTimersByTime(60000);
    expect(api.finder.allNoticeWithoutRead).toHaveBeenCalledTimes(calls + 1);
  });

  it('a failed load is only logged and keeps the count', async () => {
    const notices = jest
      .fn()
      .mockResolvedValueOnce([{ notice_new: 1 }])
      .mockRejectedValueOnce(new Error('x'));
    const store = new RootStore(fakeApi({ notices }), { events: undefined });
    store.session.signIn({ token: 'tok', user_id: 7 });
    await store.notices.load();
    await expect(store.notices.load()).resolves.toBeUndefined();
    expect(store.notices.unreadCount).toBe(1);
  });
});

describe('onboarding keys', () => {
  it('keeps the draft, the social items and the current view in session storage', () => {
    const store = new RootStore(fakeApi(), { events: undefined });
    store.onboarding.setView('OTPForm');
    store.onboarding.setSocialPending({ social_id: 'g1', social_type: 'google', social_email: 'a@b.co' });
    store.onboarding.saveDraft({
      phone: '',
      email: 'a@b.co',
      password: 'x',
      confirmPassword: 'x',
      country: 14,
      referral: '',
      passwordStrength: 'Weak',
      strength: 20,
      termsAccepted: true,
      deviceNo: 'device-1',
      register_type: '1',
    });
    expect(sessionStorage.getItem('currentComponent')).toBe('OTPForm');
    expect(sessionStorage.getItem('social_id')).toBe('g1');
    const reloaded = new RootStore(fakeApi(), { events: undefined });
    expect(reloaded.onboarding.currentView).toBe('OTPForm');
    expect(reloaded.onboarding.readDraft()).toMatchObject({ email: 'a@b.co', country: 14 });
    expect(reloaded.onboarding.readSocialPending()).toEqual({
      social_id: 'g1',
      social_type: 'google',
      social_email: 'a@b.co',
    });
    reloaded.onboarding.clearSocialPending();
    reloaded.onboarding.clearDraft();
    expect(reloaded.onboarding.readSocialPending()).toBeUndefined();
    expect(reloaded.onboarding.readDraft()).toBeUndefined();
  });
});
