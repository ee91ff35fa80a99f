import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from '@giftlane/shared-sdk/router';
import { setNavigationHandler } from '@giftlane/shared-sdk';

/** How long a navigation to a hash keeps its target in sight: until it is rendered, then while the page settles. */
const HASH_TARGET_WAIT_MS = 10_000;
/** How often, once the target was scrolled to, it is checked to be still in sight. */
const HASH_CHECK_MS = 1_000;
/** The visitor's own hand on the page: any of these ends what is done for them. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

const outOfSight = (el: Element) => {
  const r = el.getBoundingClientRect();
  return r.bottom <= 0 || r.top >= window.innerHeight;
};

/**
 * SPEC §2: every navigation scrolls to the top, or smoothly to the element the hash names. The page
 * as first opened is not a navigation: a prerendered page is read (and scrolled) before it is live,
 * and moving it to the top as it comes alive would put a different element under the visitor's
 * finger. Only a page still at the top then goes to its hash (rendered here, the browser could not).
 */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  const shown = useRef(pathname);
  useEffect(() => {
    const opened = first.current;
    const samePage = !opened && shown.current === pathname;
    first.current = false;
    shown.current = pathname;
    if (opened && (!hash || window.scrollY !== 0)) return;
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    // Another page starts at its top: a smooth scroll to its target runs from there, not from where the last page
    // was left (a long way, which the new page's height changing under it cut short).
    if (!id || !samePage) window.scrollTo(0, 0);
    if (!id) return;
    // Until the visitor moves the page themselves or goes elsewhere, for a while: the target's page may still be on
    // its way (a remote's code on a slow phone); once it was scrolled to, a smooth scroll that the page's height
    // changing cut short (its data, its images) leaves it out of sight, and it is then shown at once.
    let aimed: Element | null = null;
    let checks: ReturnType<typeof setInterval> | undefined;
    const check = () => {
      const target = aimed?.isConnected ? aimed : document.getElementById(id);
      if (target && outOfSight(target)) target.scrollIntoView();
    };
    const aim = () => {
      aimed = document.getElementById(id);
      if (!aimed) return false;
      aimed.scrollIntoView({ behavior: 'smooth' });
      checks = setInterval(check, HASH_CHECK_MS);
      return true;
    };
    const comes = new MutationObserver(() => {
      if (aim()) comes.disconnect();
    });
    const stop = () => {
      comes.disconnect();
      clearTimeout(timer);
      clearInterval(checks);
      for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, true);
    };
    const timer = setTimeout(stop, HASH_TARGET_WAIT_MS);
    for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
    if (!aim()) comes.observe(document.body, { childList: true, subtree: true });
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
