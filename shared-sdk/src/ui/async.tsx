// How every page loads data and says where it stands: its frame stays, a skeleton while waiting, a
// plain message with Retry after a failure — never an endless spinner (the transport times out).
// One copy for every remote; the styles (gl-loading, gl-skeleton, gl-error) are the shell's.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../errors';
import { ErrorReference } from '../error-reference';
import { useStartingAnswer } from './prerender';
import { sameAnswer } from '../page-data';

export const CONNECTION_HINT = 'Please check your connection and try again.';

export type DataState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

export type Loaded<T> = DataState<T> & { retry: () => void };

/** The arguments of a load, as the page's data names them (an amount in minor units is a bigint). */
const depsKey = (deps: readonly unknown[]) =>
  JSON.stringify(deps, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

export function useData<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  // Prerendering (./prerender): the answer the server rendered with, during the hydration.
  const key = useId();
  const starting = useStartingAnswer(key, depsKey(deps), load);
  const [state, setState] = useState<DataState<T>>(() =>
    starting ? { status: 'ready', data: starting.data as T } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const skipFirstLoad = useRef(Boolean(starting));
  useEffect(() => {
    let live = true;
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      // The page's answer may be a few seconds old (the edge keeps a page briefly, and a rate may
      // have changed since): checked once, quietly — the content stays on screen meanwhile.
      const shown = starting?.data;
      loadRef.current().then(
        (data) => live && !sameAnswer(data, shown) && setState({ status: 'ready', data }),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }
    setState({ status: 'loading' });
    loadRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, ...deps]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

export function Loading({ label = 'Loading…', lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div className="gl-loading" role="status" aria-live="polite">
      <span className="gl-visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="gl-skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

export function LoadError({ error, retry, what }: { error: unknown; retry: () => void; what: string }) {
  return (
    <div className="gl-error" role="alert">
      <p>
        <strong>We couldn’t load {what}.</strong> {errorMessage(error, CONNECTION_HINT)}
        <ErrorReference error={error} />
      </p>
      <button type="button" className="gl-btn" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

/** Renders `children(data)` when ready, a skeleton while loading and an error with Retry otherwise. */
export function Async<T>({
  state,
  what,
  lines,
  children,
}: {
  state: { status: 'loading' | 'ready' | 'error'; data?: T; error?: unknown; retry: () => void };
  what: string;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Loading label={`Loading ${what}…`} lines={lines} />;
  if (state.status === 'error') return <LoadError error={state.error} retry={state.retry} what={what} />;
  return <>{children(state.data as T)}</>;
}
