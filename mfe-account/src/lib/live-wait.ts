// A live estimate kept fresh while the page is open: asked again every `poll_seconds` the api names
// (kept between 15 s and 2 min, whatever it says), only while the page is visible (a phone in a
// pocket pays for no data), at once when it becomes visible again, and never again once every
// item is finished. Shared by the orders and the wallet features.
import { useEffect, useRef, useState } from 'react';

/** The bounds of the interval, whatever the api asks for. */
export const POLL_MIN_SECONDS = 15;
export const POLL_MAX_SECONDS = 120;

export const pollMs = (seconds: number | undefined): number =>
  Math.min(POLL_MAX_SECONDS, Math.max(POLL_MIN_SECONDS, Number.isFinite(seconds) ? Number(seconds) : 30)) * 1000;

interface Estimate {
  finished: boolean;
  poll_seconds: number;
}

/**
 * The newest answer of `load` (undefined until the first, and after a failure nothing changes: the
 * estimate is a help, never an error on the page). `key` names what is asked for; '' asks nothing.
 * `first`: an answer the page already holds for this key (asked for with its data): shown at once, and
 * the next asked for at the next turn.
 */
export function useLiveWait<T extends Estimate>(key: string, load: () => Promise<T[]>, first?: T[]): T[] | undefined {
  const [items, setItems] = useState<T[] | undefined>(first);
  const loadRef = useRef(load);
  loadRef.current = load;
  const firstRef = useRef(first);
  firstRef.current = first;
  useEffect(() => {
    const held = firstRef.current;
    setItems(held);
    if (!key) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waitMs = pollMs(undefined);
    let done = false;
    const take = (answer: T[]) => {
      done = answer.every((x) => x.finished);
      waitMs = pollMs(Math.min(...answer.map((x) => x.poll_seconds)));
    };
    const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (live && !done && visible()) timer = setTimeout(ask, waitMs);
    };
    const ask = async () => {
      timer = undefined;
      try {
        const answer = await loadRef.current();
        if (!live) return;
        setItems(answer);
        take(answer);
      } catch {
        // Offline or refused: keep what is shown and try again at the next turn.
      }
      schedule();
    };
    const onVisibility = () => {
      if (!visible()) {
        if (timer) clearTimeout(timer);
        timer = undefined;
      } else if (!done && !timer) void ask();
    };
    document.addEventListener('visibilitychange', onVisibility);
    if (held) {
      take(held);
      schedule();
    } else void ask();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key]);
  return items;
}

/** "12 min", "1 h 5 min", "2 h". */
export function minutesText(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

/** "About 12 min — 3 orders ahead of yours" / "About 4 min — yours is next". */
export function waitText(e: { eta_minutes: number; ahead: number }, noun: { one: string; many: string }): string {
  const ahead = e.ahead === 0 ? 'yours is next' : `${e.ahead} ${e.ahead === 1 ? noun.one : noun.many} ahead of yours`;
  return `About ${minutesText(e.eta_minutes)} — ${ahead}`;
}
