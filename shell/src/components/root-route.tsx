import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from '@giftlane/shared-sdk/router';
import { setNavigationHandler } from '@giftlane/shared-sdk';

/**
 * SPEC §2: every navigation scrolls to the top, or smoothly to the element the hash names. The page
 * as first opened is not a navigation: a prerendered page is read (and scrolled) before it is live,
 * and moving it to the top as it comes alive would put a different element under the visitor's
 * finger. Only a page still at the top then goes to its hash (rendered here, the browser could not).
 */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const opened = first.current;
    first.current = false;
    if (opened && (!hash || window.scrollY !== 0)) return;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: 'smooth' });
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/**
 * Toasts (`.gl-toast`, shown by a remote) belong to their page and go when it is left; one marked
 * to carry (`data-carry`: a message about the page being opened, 'Registration successful!' on
 * Home) survives that one change.
 */
function useToastsStayOnTheirPage() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    for (const toast of document.querySelectorAll<HTMLElement>('.gl-toast')) {
      if (toast.dataset.carry === 'next-page') toast.dataset.carry = 'done';
      else toast.remove();
    }
  }, [pathname]);
}

export function RootRoute() {
  const navigate = useNavigate();
  useScrollOnNavigate();
  useToastsStayOnTheirPage();
  // The SDK sends the browser to the login form when the server says the token is no longer
  // valid; through the router that is a client-side transition, not a reload.
  useEffect(() => {
    setNavigationHandler((to: string) => navigate(to, { replace: true }));
  }, [navigate]);
  return <Outlet />;
}
