import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider, type RouteObject } from '@giftlane/shared-sdk/router';
import { NO_ANSWER, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { AppLayout } from '../app-layout';
import { PublicLayout } from '../public-layout';

function page(title?: string) {
  return { handle: { layout: 'app', protected: true, title }, Component: () => <p>page body</p> };
}

function renderApp(path: string) {
  const routes: RouteObject[] = [
    {
      Component: AppLayout,
      children: [
        { path: '/homes', ...page('Home') },
        { path: '/homes/coupon', ...page('Discount Code') },
        { path: '/wallet/reward', ...page('Wallet') },
        { path: '/homes/cards', ...page(undefined) },
        { path: '/order', ...page('Order') },
        // The shell's stand-in while a remote is absent (router.tsx's mount stub).
        { id: 'mount:/wallet', path: '/wallet/*', Component: () => <p>section unavailable</p> },
      ],
    },
    { path: '/login', Component: () => <p>login form</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

let api: TestApi;
let store: TestApi['sdk']['store'];

beforeEach(() => {
  // Signed out, the stores' loads do nothing: the navbar shows what the test puts in them.
  api = testApi({}, { seller: false });
  store = api.sdk.store;
  runInAction(() => {
    store.user.nickname = 'Chidinma Okafor-Adeyemi';
    store.user.avatar = undefined;
    store.user.vipLevel = 0;
    store.notices.unreadCount = 0;
  });
});

afterEach(() => jest.restoreAllMocks());

describe('signed-in layout', () => {
  it.each([
    ['/homes', 'Home'],
    ['/homes/coupon', 'Discount Code'],
    ['/wallet/reward', 'Wallet'],
    ['/homes/cards', 'Home'],
    // The remote that owns /wallet is absent: not "Home", the neutral product name.
    ['/wallet', 'GiftLane'],
  ])('%s has the top-bar title %s', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it('greets with the first word of the nickname, cut to 10 characters', async () => {
    runInAction(() => (store.user.nickname = 'Chidinmaokafor Adeyemi'));
    renderApp('/homes');
    expect(await screen.findByText('Hi, Chidinmaok...')).toBeInTheDocument();
  });

  it("greets a seller who gave no name by SPEC's fallback name, never a made-up one", async () => {
    runInAction(() => (store.user.nickname = ''));
    renderApp('/homes');
    await waitFor(() => expect(document.querySelector('.gl-greeting')).toHaveTextContent(/^Hi, Guest$/));
  });

  it('shows the unread count only above 0, and the default avatar without one', async () => {
    renderApp('/homes');
    expect(await screen.findByTestId('default-avatar')).toBeInTheDocument();
    expect(screen.queryByTestId('unread-count')).toBeNull();
    act(() => runInAction(() => (store.notices.unreadCount = 3)));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Notifications: 3 unread' })).toHaveAttribute('href', '/notification');
  });

  it.each([
    [0, 'default'],
    [1, '1'],
    [5, '5'],
    [7, 'default'],
  ])('VIP level %s shows the %s badge, linking /homes/vip', async (level, badge) => {
    runInAction(() => (store.user.vipLevel = level));
    renderApp('/homes');
    const link = await screen.findByRole('link', { name: /see VIP rewards/ });
    expect(link).toHaveAttribute('data-badge', badge);
    expect(link).toHaveAttribute('href', '/homes/vip');
  });

  it("asks for the seller's profile once: not again when the page's loader had it already", async () => {
    const signedIn = testApi();
    renderApp('/homes');
    await waitFor(() => expect(signedIn.callsTo('user/userInfo')).toHaveLength(1));
    await waitFor(() => expect(signedIn.sdk.store.user.loaded).toBe(true));
    renderApp('/order');
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(2);
    expect(signedIn.callsTo('user/userInfo')).toHaveLength(1);
  });

  it('the toggle opens the sidebar; a nav click closes it and navigates', async () => {
    const router = renderApp('/homes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByTestId('sidebar-overlay')).toBeVisible();
    await user.click(
      within(screen.getByRole('complementary', { name: 'Account' })).getByRole('link', { name: 'Order' }),
    );
    expect(router.state.location.pathname).toBe('/order');
    expect(screen.getByTestId('sidebar-overlay')).not.toBeVisible();
  });

  it('Escape closes the sidebar and gives focus back to its toggle', async () => {
    renderApp('/homes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByTestId('sidebar-overlay')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('sidebar-overlay')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('the sidebar leads to Help', async () => {
    renderApp('/homes');
    const sidebar = await screen.findByRole('complementary', { name: 'Account' });
    expect(within(sidebar).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/homes/help');
  });

  it('logout confirms first; a failure says so and keeps the session', async () => {
    api.answer('user/applogout', NO_ANSWER);
    renderApp('/homes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(screen.getByText('Do you wish to logout from this account?')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Logout' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log out. Please try again.');
  });

  it('logout success goes to /login', async () => {
    api.answer('user/applogout', null);
    const router = renderApp('/homes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(screen.getAllByRole('button', { name: 'Logout' }).at(-1)!);
    expect(await screen.findByText('login form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('public layout', () => {
  it('has the SPEC menus and footer sections', async () => {
    const router = createMemoryRouter(
      [{ Component: PublicLayout, children: [{ path: '/home', element: <h1>home</h1> }] }],
      { initialEntries: ['/home'] },
    );
    render(<RouterProvider router={router} />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const user = userEvent.setup();
    for (const [menu, items] of [
      ['Gift Cards', ['Sell Gift Cards', 'Rate Sheet']],
      ['More Rewards', ['Referral Rewards', 'Vip', 'Coupon', 'Activity']],
      ['Information', ['About Us', 'Contact Us', 'Job Opportunities', 'FAQ']],
    ] as const) {
      await user.click(within(nav).getByRole('button', { name: menu }));
      for (const item of items) expect(within(nav).getByRole('link', { name: item })).toBeVisible();
    }
    for (const heading of ['About', 'Rewards', 'Help Center', 'Legal', 'Payment Methods']) {
      expect(within(screen.getByRole('contentinfo')).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Get the app' })).toHaveAttribute(
      'href',
      '/app',
    );
  });

  it('Escape closes the phone menu', async () => {
    const router = createMemoryRouter(
      [{ Component: PublicLayout, children: [{ path: '/home', element: <h1>home</h1> }] }],
      { initialEntries: ['/home'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
