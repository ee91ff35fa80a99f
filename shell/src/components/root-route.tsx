import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from '@giftlane/shared-sdk/router';
import { setNavigationHandler } from '@giftlane/shared-sdk';

/** How long a navigation to a hash waits for its target to be rendered. */
const HASH_TARGET_WAIT_MS = 10_000;

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
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    const toTarget = () => {
      const target = id ? document.getElementById(id) : null;
      target?.scrollIntoView({ behavior: 'smooth' });
      return target !== null;
    };
    if (toTarget()) return;
    window.scrollTo(0, 0);
    if (!id) return;
    // The page that holds the target may still be on its way (a remote's code on a slow phone): go to it when it
    // comes, for a while, unless the seller has moved the page themselves meanwhile or gone elsewhere.
    const comes = new MutationObserver(() => {
      if (window.scrollY !== 0 || toTarget()) stop();
    });
    comes.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => comes.disconnect(), HASH_TARGET_WAIT_MS);
    const stop = () => {
      comes.disconnect();
      clearTimeout(timer);
    };
    return stop;
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
