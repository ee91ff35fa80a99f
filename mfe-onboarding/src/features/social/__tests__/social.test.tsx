import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_ANSWER } from '@giftlane/shared-sdk/testing';
import { freshTab, refused, renderAt } from '../../../test/render';

function idToken(claims: Record<string, unknown>) {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256' })}.${part(claims)}.sig`;
}

/** Makes the next <script> appended to <head> "load" and run `setup` (a stand-in provider SDK). */
function fakeScripts(setup: (src: string) => 'load' | 'error' | 'hang') {
  const append = document.head.appendChild.bind(document.head);
  return jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      const outcome = setup(node.src);
      if (outcome === 'load') setTimeout(() => node.onload?.(new Event('load')), 0);
      if (outcome === 'error') setTimeout(() => node.onerror?.(new Event('error')), 0);
      return node;
    }
    return append(node);
  });
}

function settings(social: Record<string, string>) {
  globalThis.__GIFTLANE_CONFIG__ = { social } as typeof globalThis.__GIFTLANE_CONFIG__;
}

afterEach(() => {
  globalThis.__GIFTLANE_CONFIG__ = undefined;
  delete window.google;
  delete window.FB;
  delete window.AppleID;
});

describe('social sign-in', () => {
  it('Google: a bound account signs in, says so and goes Home', async () => {
    const api = freshTab();
    const { store } = api;
    settings({ googleClientId: 'client-1', googleScriptUrl: 'https://accounts.google.com/gsi/client?e2e-1' });
    const token = idToken({ sub: 'g-1', email: 'ada@example.com', name: 'Ada' });
    fakeScripts(() => {
      window.google = {
        accounts: {
          id: { initialize: (o) => setTimeout(() => o.callback({ credential: token }), 0), prompt: () => undefined },
        },
      };
      return 'load';
    });
    api.answer('social/googleLogin', { is_social_bind: true, token: 'tok-g', user_id: 5 });
    const { router } = renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homes'));
    expect(api.callsTo('social/googleLogin')).toEqual([
      expect.objectContaining({
        social_id: 'g-1',
        social_email: 'ada@example.com',
        idToken: token,
        is_validate_email: '0',
      }),
    ]);
    expect(store.session.token).toBe('tok-g');
    expect(screen.getByText('Google login successful!')).toBeInTheDocument();
  });

  it('Google: a new identity goes to SocialSignup with the email query and keeps the social items', async () => {
    const api = freshTab();
    settings({ googleClientId: 'client-1', googleScriptUrl: 'https://accounts.google.com/gsi/client?e2e-2' });
    fakeScripts(() => {
      window.google = {
        accounts: {
          id: {
            initialize: (o) =>
              setTimeout(() => o.callback({ credential: idToken({ sub: 'g-2', email: 'new@example.com' }) }), 0),
            prompt: () => undefined,
          },
        },
      };
      return 'load';
    });
    api.answer('social/googleLogin', {
      is_social_bind: false,
      social_id: 'g-2',
      social_type: 'google',
      social_email: 'new@example.com',
    });
    const { router } = renderAt('/sign-up');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/social-signup'));
    expect(router.state.location.search).toBe('?email=new%40example.com');
    expect(sessionStorage.getItem('social_id')).toBe('g-2');
    expect(sessionStorage.getItem('social_type')).toBe('google');
    expect(sessionStorage.getItem('social_email')).toBe('new@example.com');
    expect(
      await screen.findByRole('heading', {
        name: 'Authentication Successful please provide the following information to proceed',
      }),
    ).toBeInTheDocument();
  });

  it('Google: the server’s refusal, or its fallback, is shown', async () => {
    const api = freshTab();
    settings({ googleClientId: 'client-1', googleScriptUrl: 'https://accounts.google.com/gsi/client?e2e-3' });
    fakeScripts(() => {
      window.google = {
        accounts: {
          id: {
            initialize: (o) => setTimeout(() => o.callback({ credential: idToken({ sub: 'g-3' }) }), 0),
            prompt: () => undefined,
          },
        },
      };
      return 'load';
    });
    api.answer('social/googleLogin', refused(''), NO_ANSWER);
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Failed to login with Google')).toBeInTheDocument();
  });

  it('Google: a script that does not load says Google login failed', async () => {
    freshTab();
    settings({ googleClientId: 'client-1', googleScriptUrl: 'https://accounts.google.com/gsi/client?e2e-4' });
    fakeScripts(() => 'error');
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google login failed. Please try again.')).toBeInTheDocument();
  });

  it('the Apple button shows its logo like the others, hidden from screen readers', async () => {
    freshTab();
    renderAt('/login');
    const apple = await screen.findByRole('button', { name: /Apple/ });
    const logo = apple.querySelector('svg');
    expect(logo).not.toBeNull();
    expect(logo!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(logo!.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    // The logo adds nothing to what the button is called or says.
    expect(apple).toHaveTextContent(/^Apple$/);
  });

  it('Apple: a script without AppleID says Apple SDK not loaded', async () => {
    freshTab();
    settings({ appleClientId: 'apple-1', appleScriptUrl: 'https://appleid.cdn-apple.com/x.js?e2e-5' });
    fakeScripts(() => 'load');
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    expect(await screen.findByText('Apple SDK not loaded')).toBeInTheDocument();
  });

  it('Apple: a failed sign-in says Apple login failed', async () => {
    freshTab();
    settings({ appleClientId: 'apple-1', appleScriptUrl: 'https://appleid.cdn-apple.com/x.js?e2e-6' });
    fakeScripts(() => {
      window.AppleID = {
        auth: { init: () => undefined, signIn: () => Promise.reject(new Error('popup_closed_by_user')) },
      };
      return 'load';
    });
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    expect(await screen.findByText('Apple login failed. Please try again.')).toBeInTheDocument();
  });

  it('Facebook: the SDK times out after 10 s, fails to load, or the login is cancelled', async () => {
    freshTab();
    settings({ facebookAppId: 'fb-1', facebookScriptUrl: 'https://connect.facebook.net/sdk.js?e2e-7' });
    fakeScripts(() => 'hang');
    jest.useFakeTimers({ advanceTimers: true });
    try {
      renderAt('/login');
      await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
      await act(async () => {
        jest.advanceTimersByTime(10_000);
      });
      expect(await screen.findByText('Facebook SDK loading timeout')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    jest.restoreAllMocks();
    settings({ facebookAppId: 'fb-1', facebookScriptUrl: 'https://connect.facebook.net/sdk.js?e2e-8' });
    fakeScripts(() => 'error');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(await screen.findByText('Failed to load Facebook SDK')).toBeInTheDocument();

    jest.restoreAllMocks();
    settings({ facebookAppId: 'fb-1', facebookScriptUrl: 'https://connect.facebook.net/sdk.js?e2e-9' });
    fakeScripts(() => {
      window.FB = {
        init: () => undefined,
        login: (cb) => cb({ status: 'unknown', authResponse: null }),
        api: () => undefined,
      };
      return 'load';
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(await screen.findByText('Facebook login was cancelled.')).toBeInTheDocument();
  });

  it('Facebook: a blocked popup asks to allow popups', async () => {
    freshTab();
    settings({ facebookAppId: 'fb-1', facebookScriptUrl: 'https://connect.facebook.net/sdk.js?e2e-10' });
    jest.spyOn(window, 'open').mockReturnValue(null);
    fakeScripts(() => {
      window.FB = {
        init: () => undefined,
        login: (cb) => {
          window.open('https://www.facebook.com/dialog/oauth');
          cb({ status: 'unknown', authResponse: null });
        },
        api: () => undefined,
      };
      return 'load';
    });
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(await screen.findByText('Please allow popups for Facebook login.')).toBeInTheDocument();
  });
});

describe('SocialSignupForm', () => {
  const pending = () => {
    sessionStorage.setItem('social_id', 'g-9');
    sessionStorage.setItem('social_type', 'google');
    sessionStorage.setItem('social_email', 'new@example.com');
  };

  it('checks with the social wording and registers, then Home with the tour', async () => {
    const api = freshTab();
    const { store } = api;
    pending();
    api.answer('user/appregister', { user_id: 9, token: 'tok-9' });
    const { router } = renderAt('/social-signup?email=new%40example.com&code=REF9');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please select your country')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Referral Code (Optional)', { selector: 'input' })).toBeDisabled();

    await screen.findByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(screen.getByLabelText('Country', { selector: 'select' }), 'Ghana');
    await userEvent.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?startTour=true'));
    const [sent] = api.callsTo('user/appregister');
    expect(sent).toMatchObject({
      social_id: 'g-9',
      social_type: 'google',
      email: 'new@example.com',
      username: 'new@example.com',
      recommend_code: 'REF9',
      country_id: '2',
    });
    expect(sent!.device_no).toMatch(/^device-/);
    expect(store.session.token).toBe('tok-9');
    expect(sessionStorage.getItem('social_id')).toBeNull();
    expect(sessionStorage.getItem('isNewUser')).toBe('true');
    expect(screen.getByText('Registration successful!')).toBeInTheDocument();
  });

  it('after a Google sign-up started from the rate calculator, opens the sell form with its card', async () => {
    const api = freshTab();
    pending();
    // The sign-up page kept the calculator's choice in this tab before the visitor went to Google.
    sessionStorage.setItem('giftlane_sell_choice', JSON.stringify({ card: 21, amount: '50', payout: 'GHS' }));
    api.answer('user/appregister', { user_id: 9, token: 'tok-9' });
    const { router } = renderAt('/social-signup?email=new%40example.com');
    await screen.findByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(screen.getByLabelText('Country', { selector: 'select' }), 'Ghana');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homes/sell-gift-card'));
    expect(router.state.location.search).toBe('?card=21&amount=50&payout=GHS');
  });

  it('without the social items says Missing required account information', async () => {
    freshTab();
    renderAt('/social-signup?email=x%40example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Missing required account information')).toBeInTheDocument();
  });

  it.each([
    [refused(''), 'Registration failed'],
    [NO_ANSWER, 'An error occurred during registration'],
  ])('a failed registration says so (%#)', async (error, text) => {
    freshTab().answer('user/appregister', error);
    pending();
    renderAt('/social-signup?email=new%40example.com');
    await screen.findByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(screen.getByLabelText('Country', { selector: 'select' }), 'Ghana');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text}$`));
  });
});
