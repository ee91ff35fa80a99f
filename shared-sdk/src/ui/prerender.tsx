// Prerendering: the edge renders a public page with its data into the HTML, and the
// browser hydrates that HTML with the very same data, so the first paint already shows the content
// and hydration changes nothing on screen.
//
// Every `useData` is keyed by React's `useId`, which is the same on the server and in the browser for
// the same tree. On the server a `Prerender` collects what each `useData` asks for; the edge renders
// again once those answers are in (a page's content may ask for more), then writes the answers into
// the page. In the browser, `beginHydration` reads them back and each `useData` starts from its
// answer instead of loading it again — only during the hydration, and only with the same arguments.
import { createContext, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react';

import { decodePageData, PRERENDER_DATA_ID, type PrerenderedData } from '../page-data';

export { PRERENDER_DATA_ID, type PrerenderedData };

/** One server render's collector: the answers so far and the loads still running. */
export class Prerender {
  readonly answers: PrerenderedData = {};
  private readonly running = new Map<string, Promise<void>>();
  /** Loads that failed: rendered as their error state in the browser, so never written into the page. */
  readonly failed = new Set<string>();
  /** The document title and description a page asked for (useHead). */
  head: { title?: string; description?: string } = {};

  answer(key: string, deps: string): { data: unknown } | undefined {
    const a = this.answers[key];
    return a && a.deps === deps ? { data: a.data } : undefined;
  }

  request(key: string, deps: string, load: () => Promise<unknown>) {
    if (this.running.has(key) || this.failed.has(key)) return;
    this.running.set(
      key,
      load().then(
        (data) => {
          this.answers[key] = { deps, data };
        },
        () => {
          this.failed.add(key);
        },
      ),
    );
  }

  /** Waits for every load the last render started; false when there was none (the render is final). */
  async settle(): Promise<boolean> {
    if (this.running.size === 0) return false;
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all);
    return true;
  }
}

const PrerenderContext = createContext<Prerender | null>(null);

let seeds: PrerenderedData | undefined;
let onHydrated: (() => void) | undefined;
let onCommitted: (() => void) | undefined;

/**
 * The browser, before `hydrateRoot`: the answers the server rendered with (from the page).
 * `committed` is called in the hydration's own commit, before the browser hands the page any event;
 * `done` once that commit's effects have run.
 */
export function beginHydration(data?: PrerenderedData, done?: () => void, committed?: () => void) {
  seeds = data ?? readPageData();
  onHydrated = done;
  onCommitted = committed;
}

function readPageData(): PrerenderedData {
  try {
    const text = globalThis.document?.getElementById(PRERENDER_DATA_ID)?.textContent;
    return text ? decodePageData(text) : {};
  } catch {
    return {};
  }
}

/** Whether the page is being hydrated now (state read during this render must match the server's). */
export const isHydrating = () => seeds !== undefined;

/**
 * The answer `useData(key)` starts from: the server's (on the server, once loaded) or the page's
 * (while hydrating); undefined means "load it".
 */
export function useStartingAnswer(
  key: string,
  deps: string,
  load: () => Promise<unknown>,
): { data: unknown } | undefined {
  const server = useContext(PrerenderContext);
  if (server) {
    const known = server.answer(key, deps);
    if (!known) server.request(key, deps, load);
    return known;
  }
  const seed = seeds?.[key];
  return seed && seed.deps === deps ? { data: seed.data } : undefined;
}

/** The page's head on the server (the browser sets document.title itself). */
export function usePrerenderHead(title: string, description?: string) {
  const server = useContext(PrerenderContext);
  if (server) server.head = { title, description };
}

/**
 * Wraps the whole app on both sides, so the trees (and so every `useId`) are the same. In the
 * browser its layout effect marks the end of the hydration, in its commit: from then on every
 * `useData` loads.
 */
export function PrerenderRoot({ value, children }: { value?: Prerender; children?: ReactNode }) {
  useLayoutEffect(() => {
    if (value || seeds === undefined) return;
    seeds = undefined;
    const committed = onCommitted;
    onCommitted = undefined;
    committed?.();
  }, [value]);
  useEffect(() => {
    if (value) return;
    const done = onHydrated;
    onHydrated = undefined;
    done?.();
  }, [value]);
  return <PrerenderContext.Provider value={value ?? null}>{children}</PrerenderContext.Provider>;
}
