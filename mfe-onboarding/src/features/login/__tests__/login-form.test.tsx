import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@giftlane/shared-sdk';
import { NO_ANSWER, Refusal } from '@giftlane/shared-sdk/testing';
import { freshTab, refused, renderAt } from '../../../test/render';

const user = { user_id: 42, token: 'tok-42' } as User;

async function fillAndSubmit(username = 'ada@example.com', password = 'Secret123!') {
  await userEvent.type(screen.getByLabelText('Email Address/WhatsApp Number'), username);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login to GiftLane' }));
}

describe('LoginForm', () => {
  it('shows Welcome Back, the top bar offers Register, and both fields are required', async () => {
    freshTab();
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/sign-up');
    await userEvent.click(screen.getByRole('button', { name: 'Login to GiftLane' }));
    expect(screen.getByText('Please enter your Email Address/WhatsApp Number.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it('signs in, keeps user_id, token and justLoggedIn, and returns to a safe redirect', async () => {
    const api = freshTab();
    const { store } = api;
    let release: (u: User) => void = () => undefined;
    api.answer('user/applogin', new Promise((resolve) => (release = resolve)));
    const { router } = renderAt('/login?redirect=%2Fwallet%3Ftab%3D1&view=LoginForm');
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(router.state.location.search).toBe('?tab=1');
    expect(api.callsTo('user/applogin')).toEqual([
      expect.objectContaining({ username: 'ada@example.com', password: 'Secret123!' }),
    ]);
    expect(store.session.token).toBe('tok-42');
    expect(sessionStorage.getItem('user_id')).toBe('42');
    expect(sessionStorage.getItem('giftlane_token')).toBe('tok-42');
    expect(sessionStorage.getItem('justLoggedIn')).toBe('true');
  });

  it("a refusal shows the api's words, and its reference under them for support", async () => {
    freshTab().answer('user/applogin', new Refusal('Incorrect username or password', 'common.001', '7F3K2Q'));
    renderAt('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Incorrect username or password$/);
    expect(screen.getByText('7F3K2Q').closest('small')).toHaveTextContent('Reference: 7F3K2Q');
  });

  it('goes Home when the redirect leaves the site', async () => {
    freshTab().answer('user/applogin', user);
    const { router } = renderAt('/login?redirect=%2F%2Fevil.example');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homes'));
  });

  // Paths that normalise to //evil.example land Home, not on another site nor stuck on the form.
  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/%5cevil.example', '/\t/evil.example'])(
    'goes Home for the redirect %j',
    async (bad) => {
      freshTab().answer('user/applogin', user);
      const { router } = renderAt(`/login?${new URLSearchParams({ redirect: bad, view: 'LoginForm' })}`);
      await fillAndSubmit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/homes'));
      expect(screen.queryByRole('button', { name: 'Login to GiftLane' })).not.toBeInTheDocument();
    },
  );

  it.each([
    ['the server’s msg', refused('Incorrect account or password'), 'Incorrect account or password'],
    ['the fallback when the server says nothing', refused(''), 'Login failed, check credential and please try again.'],
    ['the network message', NO_ANSWER, 'An error occurred. Please check your network and try again.'],
  ])('shows %s on failure', async (_name, error, text) => {
    freshTab().answer('user/applogin', error);
    renderAt('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Login to GiftLane' })).toBeEnabled();
  });

  it('opens the forgot-password view, remembered for the session, and Login in the top bar goes back', async () => {
    freshTab();
    const { unmount } = renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(sessionStorage.getItem('currentComponent')).toBe('ForgetPassword');
    unmount();
    // A reload of /login shows the remembered view.
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('switches to the sign-up view on a path change', async () => {
    freshTab();
    const { router } = renderAt('/login');
    await router.navigate('/sign-up');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
