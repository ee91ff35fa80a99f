// When the product tour runs (SPEC §2, §4, §9). After sign-up the onboarding sends the seller to
// Home with `showProfileOverlay=true` (OTP sign-up) or `startTour=true` (the other sign-ups); Help
// sends `startTour=replay`. The shell takes those flags out of the address into session storage
// (a reload on the way keeps them), shows the profile overlay first where there is one, then the
// tour — automatically once per user on this device, and again whenever Help asks.
import { readJson, readStorage, STORAGE_KEYS, writeJson, writeStorage } from '@giftlane/shared-sdk';

/** SPEC §9: the tour looks for its next target every 50 ms. */
export const TOUR_POLL_MS = 50;
/** How long a step waits for its target (a page still loading) before the tour moves on. */
export const TOUR_TARGET_TIMEOUT_MS = 8000;
/** The address Help's "replay the tour" opens. */
export const TOUR_REPLAY_PATH = '/homes?startTour=replay';

export type TourStage = 'overlay' | 'tour' | undefined;

/**
 * The tour flags in an address's query, and the query without them (undefined when there were
 * none, so the address needs no rewrite).
 */
export function takeTourQuery(
  search: string,
): { overlay: boolean; tour: 'new' | 'replay' | undefined; rest: string } | undefined {
  const query = new URLSearchParams(search);
  const overlay = query.get('showProfileOverlay');
  const tour = query.get('startTour');
  if (overlay === null && tour === null) return undefined;
  query.delete('showProfileOverlay');
  query.delete('startTour');
  const rest = query.toString();
  return {
    overlay: overlay === 'true',
    tour: tour === 'replay' ? 'replay' : tour === 'true' ? 'new' : undefined,
    rest: rest ? `?${rest}` : '',
  };
}

/** Keeps the flags for this tab (session storage, cleared at logout with the rest). */
export function rememberTourQuery(taken: NonNullable<ReturnType<typeof takeTourQuery>>): void {
  if (taken.overlay) writeStorage('session', STORAGE_KEYS.showProfileOverlay, 'true');
  if (taken.tour) writeStorage('session', STORAGE_KEYS.startTour, taken.tour === 'replay' ? 'replay' : 'true');
}

function seenBy(): string[] {
  const list = readJson<unknown>('local', STORAGE_KEYS.tourSeen);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

export function hasSeenTour(userId: string | null): boolean {
  return !!userId && seenBy().includes(userId);
}

export function markTourSeen(userId: string | null): void {
  if (!userId || hasSeenTour(userId)) return;
  // The newest 50 users of this device are plenty; the list never grows without end.
  writeJson('local', STORAGE_KEYS.tourSeen, [...seenBy(), userId].slice(-50));
}

/** What to show now for this user: the profile overlay, the tour, or nothing. */
export function currentTourStage(userId: string | null): TourStage {
  if (!userId) return undefined;
  if (readStorage('session', STORAGE_KEYS.showProfileOverlay) === 'true') return 'overlay';
  const tour = readStorage('session', STORAGE_KEYS.startTour);
  if (tour === 'replay') return 'tour';
  if (tour === 'true') {
    if (!hasSeenTour(userId)) return 'tour';
    writeStorage('session', STORAGE_KEYS.startTour, null);
  }
  return undefined;
}

/** The profile overlay is done (saved or skipped): the tour comes next (SPEC §4). */
export function finishProfileOverlay(): void {
  writeStorage('session', STORAGE_KEYS.showProfileOverlay, null);
  if (!readStorage('session', STORAGE_KEYS.startTour)) writeStorage('session', STORAGE_KEYS.startTour, 'true');
}

/** Any end of the tour (finished, skipped, cancelled): it does not start by itself again. */
export function finishTour(userId: string | null): void {
  writeStorage('session', STORAGE_KEYS.startTour, null);
  markTourSeen(userId);
}

/**
 * Resolves with the element once `selector` matches a visible element, checking every
 * TOUR_POLL_MS (SPEC §9); with null after `timeoutMs` or when `signal` aborts.
 */
export function waitForTarget(
  selector: string,
  {
    timeoutMs = TOUR_TARGET_TIMEOUT_MS,
    signal,
    root = document,
  }: { timeoutMs?: number; signal?: AbortSignal; root?: ParentNode } = {},
): Promise<Element | null> {
  const find = () => {
    const el = root.querySelector(selector);
    return el && (el as HTMLElement).getClientRects().length > 0 ? el : null;
  };
  return new Promise((resolve) => {
    const now = find();
    if (now || signal?.aborted) return resolve(now);
    const started = Date.now();
    const timer = setInterval(() => {
      const el = find();
      if (el || signal?.aborted || Date.now() - started >= timeoutMs) {
        clearInterval(timer);
        resolve(el);
      }
    }, TOUR_POLL_MS);
    signal?.addEventListener('abort', () => {
      clearInterval(timer);
      resolve(null);
    });
  });
}
