import { useCallback, useEffect, useState } from 'react';
import { ops } from './api';

/** Loads a GET once (and again on reload()): data, error message, loading. */
export function useOps<T>(path: string | null) {
  const [state, setState] = useState<{ data: T | null; error: string; loading: boolean }>({ data: null, error: '', loading: Boolean(path) });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: '' }));
    ops<T>('GET', path).then(
      (data) => live && setState({ data, error: '', loading: false }),
      (err: Error) => live && setState({ data: null, error: err.message, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
