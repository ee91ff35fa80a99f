import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from '@giftlane/shared-sdk/router';
import { setNavigationHandler } from '@giftlane/shared-sdk';

/** SPEC §2: every navigation scrolls to the top, or smoothly to the element the hash names. */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
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
