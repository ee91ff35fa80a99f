// A page's data asked for by its route's loader, at the same time as the page's code is fetched
// (React Router runs a route's loader beside its `lazy`), instead of once that code has run: the page
// takes the answer already on its way. Taken once, and only while fresh; a retry asks again.
import { getSdk } from '@giftlane/shared-sdk';

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

const FRESH_MS = 10_000;

/** Starts `load` for the page about to show; its failure is the page's to show, not an unhandled rejection. */
export function startEarly(key: string, load: () => Promise<unknown>): void {
  // Signed out, the layout's guard sends the visitor to /login: nothing to ask for.
  if (!getSdk().store.session.isSignedIn) return;
  const answer = load();
  answer.catch(() => undefined);
  started.set(key, { at: Date.now(), answer });
}

/** The answer a loader started for `key` (once, while fresh), else a fresh `load()`. */
export function early<T>(key: string, load: () => Promise<T>): Promise<T> {
  const got = started.get(key);
  started.delete(key);
  return got && Date.now() - got.at < FRESH_MS ? (got.answer as Promise<T>) : load();
}
