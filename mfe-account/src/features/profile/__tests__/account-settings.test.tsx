import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@giftlane/shared-sdk';
import { SocialError } from '@giftlane/shared-sdk/social-sign-in';
import { inRouter, Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { SocialBindings } from '../social-bindings';
import { AvatarSettings } from '../avatar-settings';
import { CloseAccount } from '../close-account';

// The providers' own sign-in (a Google or Apple pop-up) is the edge of the world here.
const mockProviders = { google: jest.fn(), facebook: jest.fn(), apple: jest.fn() };
jest.mock('@giftlane/shared-sdk/social-sign-in', () => ({
  ...jest.requireActual('@giftlane/shared-sdk/social-sign-in'),
  get PROVIDERS() {
    return mockProviders;
  },
}));

const user = (over: Partial<User> = {}) =>
  ({
    user_id: 7,
    nickname: 'Ada',
    avatar: '',
    google_bind: false,
    facebook_bind: true,
    apple_bind: false,
    ...over,
  }) as unknown as User;
const credential = (provider: 'google' | 'facebook' | 'apple') => ({
  provider,
  socialId: `${provider}-1`,
  email: 'ada@gmail.example',
  name: 'Ada Obi',
  token: 'proof',
});

let api: TestApi;
beforeEach(() => {
  jest.clearAllMocks();
  api = testApi();
});

describe('Settings: linked Google, Facebook and Apple', () => {
  it('shows which are bound; binding Google sends the id token, says SPEC’s words and refreshes the view', async () => {
    mockProviders.google.mockResolvedValue(credential('google'));
    api.answer('social/socialBind', { is_social_bind: true });
    api.answer('user/userInfo', { ...user({ google_bind: true }), currency_name: 'NGN' });
    render(<SocialBindings user={user()} />);
    expect(screen.getByTestId('binding-facebook')).toHaveTextContent('Bound');
    expect(screen.getByTestId('binding-google')).not.toHaveTextContent('Bound');
    await userEvent.click(screen.getByRole('button', { name: 'Bind Google' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Google account bound successfully!');
    expect(api.callsTo('social/socialBind')).toEqual([
      expect.objectContaining({
        social_type: 'google',
        social_id: 'google-1',
        social_email: 'ada@gmail.example',
        social_name: 'Ada Obi',
        idToken: 'proof',
      }),
    ]);
    expect(api.callsTo('user/userInfo')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('binding-google')).toHaveTextContent('Bound'));
    expect(screen.queryByRole('button', { name: 'Bind Google' })).not.toBeInTheDocument();
  });

  it(
    'Apple sends its token as apple_code; the server’s msg is shown, or Failed to bind {provider} ' + 'account',
    async () => {
      mockProviders.apple.mockResolvedValue(credential('apple'));
      api.answer(
        'social/socialBind',
        new Refusal('This Apple account is already bound to another user'),
        new Refusal(''),
      );
      render(<SocialBindings user={user()} />);
      await userEvent.click(screen.getByRole('button', { name: 'Bind Apple' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('This Apple account is already bound to another user');
      expect(api.callsTo('social/socialBind').at(-1)).toMatchObject({ social_type: 'apple', apple_code: 'proof' });
      await userEvent.click(screen.getByRole('button', { name: 'Bind Apple' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to bind Apple account'));
      expect(screen.getByTestId('binding-apple')).not.toHaveTextContent('Bound');
    },
  );

  it('a provider that fails in the browser says so in its words, and nothing is sent', async () => {
    mockProviders.google.mockRejectedValue(new SocialError('Google login failed. Please try again.'));
    render(<SocialBindings user={user({ facebook_bind: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bind Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed. Please try again.');
    expect(api.callsTo('social/socialBind')).toHaveLength(0);
  });
});

describe('Settings: photo', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('refuses a picture that is not JPG or PNG when it is picked, before any upload', async () => {
    render(<AvatarSettings user={user()} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'IMG_0001.HEIC', { type: 'image/heic' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('IMG_0001.HEIC is not a JPG, PNG or WebP photo.');
    expect(api.callsTo('order/obsUrl')).toHaveLength(0);
  });

  it('uploads a PNG through the presigned URL, sets it as the avatar and refreshes the navbar', async () => {
    api.answer('order/obsUrl', { objectName: 'u/7/a.png', url: '/uploads/u/7/a.png?expires=1&signature=s' });
    api.answer('account/avatar', null);
    const fetchMock = jest.fn().mockResolvedValue({ ok: true });
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<AvatarSettings user={user()} />);
    expect(screen.getByRole('img', { name: 'No photo yet' })).toBeInTheDocument();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    // A real PNG signature: the kind is read from the first bytes.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await userEvent.upload(input, new File([png], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your photo is changed.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/uploads/u/7/a.png?expires=1&signature=s',
      expect.objectContaining({ method: 'PUT' }),
    );
    expect(api.callsTo('account/avatar')).toEqual([{ avatar: '/uploads/u/7/a.png' }]);
    expect(api.callsTo('user/userInfo').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', '/uploads/u/7/a.png');
  });
});

describe('Settings: close the account', () => {
  const open = async () => {
    render(inRouter(<CloseAccount user={user()} />, [{ path: '/home', element: <p>Public home</p> }]));
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
  };

  it('asks for the password and a tick, and shows the api’s closure check in its words', async () => {
    api.answer('user/cancellation', new Refusal('Please withdraw your balance before closing your account'));
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Close my account for good' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password is required.');
    await userEvent.type(screen.getByLabelText('Your password'), 'Lagos-Rain-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Close my account for good' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick the box to confirm you want to close your account.');
    expect(api.callsTo('user/cancellation')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Close my account for good' }));
    expect(await screen.findByText('Please withdraw your balance before closing your account')).toBeInTheDocument();
    expect(api.callsTo('user/cancellation')).toEqual([{ password: 'Lagos-Rain-2026' }]);
    expect(api.sdk.store.session.isSignedIn).toBe(true);
  });

  it('once closed, forgets the session and goes to the public home', async () => {
    api.answer('user/cancellation', null);
    await open();
    await userEvent.type(screen.getByLabelText('Your password'), 'Lagos-Rain-2026');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Close my account for good' }));
    expect(await screen.findByText('Public home')).toBeInTheDocument();
    expect(api.sdk.store.session.isSignedIn).toBe(false);
  });
});
