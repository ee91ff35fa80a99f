import { Outlet } from '@giftlane/shared-sdk/router';

/** For screens that bring their own frame (the onboarding container has its own top bar). */
export function BareLayout() {
  return (
    <main id="main" className="gl-bare">
      <Outlet />
    </main>
  );
}
