import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet } from '@giftlane/shared-sdk/router';
import { observer } from 'mobx-react-lite';
import { PRODUCT_NAME, useStores } from '@giftlane/shared-sdk';
import { FOOTER_COLUMNS, TOP_NAV, isGroup, type NavGroup } from '../app/site-links';
import { Logo } from '@giftlane/shared-sdk/ui/logo';
import { useEscape } from '../components/use-escape';
import { useMenuOpen } from '../components/use-menu-open';
import { StoreBadges } from '@giftlane/shared-sdk';

function Dropdown({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  const id = `menu-${group.label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <li className="gl-nav__group" ref={ref}>
      <button
        type="button"
        className="gl-nav__trigger"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {group.label}
        <span className="gl-nav__caret" aria-hidden="true" />
      </button>
      <ul id={id} className="gl-nav__menu" hidden={!open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={() => {
                setOpen(false);
                onNavigate();
              }}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export const PublicHeader = observer(function PublicHeader() {
  const store = useStores();
  const [menuOpen, setMenuOpen] = useMenuOpen();
  const close = useCallback(() => setMenuOpen(false), [setMenuOpen]);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEscape(menuOpen, close, menuButton);
  return (
    <header className="gl-header">
      <div className="gl-header__inner">
        <Link to="/home" className="gl-header__logo" aria-label="GiftLane home">
          <Logo name={PRODUCT_NAME} />
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="gl-header__menu-btn"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="gl-burger" aria-hidden="true" />
        </button>
        <nav id="site-nav" className={`gl-nav${menuOpen ? ' gl-nav--open' : ''}`} aria-label="Main">
          <ul className="gl-nav__list">
            {TOP_NAV.map((item) =>
              isGroup(item) ? (
                <Dropdown key={item.label} group={item} onNavigate={close} />
              ) : (
                <li key={item.to}>
                  <NavLink className="gl-nav__link" to={item.to} onClick={close}>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
          <div className="gl-nav__auth">
            {store.session.isSignedIn ? (
              <Link className="gl-btn gl-btn--primary" to="/homes" onClick={close}>
                My account
              </Link>
            ) : (
              <>
                <Link className="gl-btn" to="/login" onClick={close}>
                  Login
                </Link>
                <Link className="gl-btn gl-btn--primary" to="/sign-up" onClick={close}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
});

export function PublicFooter() {
  return (
    <footer className="gl-footer">
      <div className="gl-footer__inner">
        <div className="gl-footer__brand">
          <Logo name={PRODUCT_NAME} />
          <p>
            Sell gift cards for naira and cedis, with the rate locked when you submit and a payout you can follow step
            by step.
          </p>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <nav key={col.label} className="gl-footer__col" aria-label={col.label}>
            <h2>{col.label}</h2>
            <ul>
              {col.items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="gl-footer__payments">
          <h2>Payment Methods</h2>
          <p>
            Payouts in NGN to any Nigerian bank account, in GHS to MTN MoMo, Telecel Cash and AT Money, or in USDT. No
            extra transaction fees.
          </p>
        </div>
        <div className="gl-footer__apps">
          <h2>Get the app</h2>
          <StoreBadges />
        </div>
      </div>
      <p className="gl-footer__legal">
        © {new Date().getFullYear()} GiftLane. Governed by the laws of the Federal Republic of Nigeria.
      </p>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="gl-public">
      <a className="gl-skip" href="#main">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="gl-public__main">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
