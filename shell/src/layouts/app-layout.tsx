import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useMatches, useNavigate } from '@giftlane/shared-sdk/router';
import { observer } from 'mobx-react-lite';
import { PRODUCT_NAME, useStores, type RouteHandle } from '@giftlane/shared-sdk';
import { Logo } from '@giftlane/shared-sdk/ui/logo';
import { useEscape } from '../components/use-escape';
import { useMenuOpen } from '../components/use-menu-open';
import { Navbar } from '../components/navbar';
import { LogoutDialog } from '../components/logout-dialog';

// What follows a sign-up (profile overlay, product tour): its own chunk, so visitors on public
// pages never download it.
const TourController = lazy(() =>
  import(/* webpackChunkName: "tour-controller" */ '../tour/tour-controller').then((m) => ({
    default: m.TourController,
  })),
);

const SIDEBAR = [
  { label: 'Home', to: '/homes', icon: 'home' },
  { label: 'Order', to: '/order', icon: 'order' },
  { label: 'My Wallet', to: '/wallet', icon: 'wallet' },
  { label: 'Settings', to: '/settings', icon: 'settings' },
  // Help: FAQ, contact, order support and the tour again (SPEC §2: the tour's last step points here).
  { label: 'Help', to: '/homes/help', icon: 'help' },
] as const;

const ICONS: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  order: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7l13-3v3M16 13h2',
  settings: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM4 12h2m12 0h2M12 4v2m0 12v2',
  logout: 'M10 4H5v16h5M15 8l4 4-4 4M9 12h10',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01',
};

function Icon({ name }: { name: string }) {
  return (
    <svg className="gl-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * SPEC §2: the top-bar title comes from the route (its handle); any other path shows Home. While a
 * page's remote is absent (it failed to load, or has no such page) the shell cannot know the
 * page's title, so the bar shows the neutral product name rather than a wrong "Home".
 */
export function useTopBarTitle(): string {
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  if (deepest?.id.startsWith('mount:')) return PRODUCT_NAME;
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return 'Home';
}

export const AppLayout = observer(function AppLayout() {
  const store = useStores();
  const [open, setOpen] = useMenuOpen();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const title = useTopBarTitle();

  // The navbar's data: user and VIP info once, unread notices now and every 30 s. The page's own
  // loader may have had the user's profile already (for the currency): not asked for twice.
  useEffect(() => {
    if (!store.user.loaded) store.user.load();
    store.vip.load();
    store.notices.startPolling();
    return () => store.notices.stopPolling();
  }, [store]);

  useEffect(() => {
    document.title = title === PRODUCT_NAME ? PRODUCT_NAME : `${title} — ${PRODUCT_NAME}`;
  }, [title]);

  const close = useCallback(() => setOpen(false), [setOpen]);
  const toggle = useRef<HTMLButtonElement>(null);
  useEscape(open, close, toggle);
  return (
    <div className={`gl-app${open ? ' gl-app--sidebar-open' : ''}`}>
      <a className="gl-skip" href="#main">
        Skip to content
      </a>
      <aside id="sidebar" className="gl-sidebar" aria-label="Account">
        <Link to="/homes" className="gl-sidebar__logo" onClick={close} aria-label="GiftLane account home">
          <Logo name={PRODUCT_NAME} />
        </Link>
        <nav>
          <ul>
            {SIDEBAR.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/homes'} onClick={close} className="gl-sidebar__link">
                  <Icon name={item.icon} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className="gl-sidebar__link" onClick={() => setConfirming(true)}>
                <Icon name="logout" />
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="gl-overlay" hidden={!open} onClick={close} data-testid="sidebar-overlay" />
      <div className="gl-app__body">
        <header className="gl-topbar">
          <button
            ref={toggle}
            type="button"
            className="gl-topbar__toggle"
            aria-controls="sidebar"
            aria-expanded={open}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="gl-burger" aria-hidden="true" />
          </button>
          <h1 className="gl-topbar__title">{title}</h1>
          <Navbar />
        </header>
        <main id="main" className="gl-app__main">
          <Outlet />
        </main>
      </div>
      <Suspense fallback={null}>
        <TourController />
      </Suspense>
      {confirming && (
        <LogoutDialog
          onCancel={() => setConfirming(false)}
          onLoggedOut={() => {
            setConfirming(false);
            navigate('/login', { replace: true });
          }}
        />
      )}
    </div>
  );
});
