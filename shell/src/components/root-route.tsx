import { useEffect } from 'react';
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

export function RootRoute() {
  const navigate = useNavigate();
  useScrollOnNavigate();
  // The SDK sends the browser to the login form when the server says the token is no longer
  // valid; through the router that is a client-side transition, not a reload.
  useEffect(() => {
    setNavigationHandler((to: string) => navigate(to, { replace: true }));
  }, [navigate]);
  return <Outlet />;
}
