// A visitor who starts typing on a page of the way in (/login, /sign-up) is about to land in the
// signed-in area: that area's entry and routes are fetched when the phone is next idle, so /homes
// after signing in waits for its data, not its code. A visitor who only looks pays nothing for it.
import { findMount, type OwnedMount } from '@giftlane/shared-sdk';
import { prefetchRemote } from './remotes';

/** Once a field of a page owned by `from`'s remote is typed into, warms the remote that owns `to`. */
export function warmOnTyping(
  mounts: OwnedMount[],
  { from, to }: { from: string; to: string },
  prefetch: (remote: string) => void = prefetchRemote,
): void {
  const way = findMount(mounts, from)?.remote;
  const area = findMount(mounts, to)?.remote;
  if (!way || !area || way === area) return;
  const onInput = () => {
    if (findMount(mounts, window.location.pathname)?.remote !== way) return;
    document.removeEventListener('input', onInput, true);
    prefetch(area);
  };
  document.addEventListener('input', onInput, true);
}
