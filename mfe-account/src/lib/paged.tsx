// A list read a page at a time (pages from 0; CONTRACT: more may exist while a page comes back full),
// with its loading and failure states, and "Load more" that appends; and what goes under such a list.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CONNECTION_HINT, Loading, LoadError } from '@giftlane/shared-sdk';

export interface Paged<T> {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  error?: unknown;
  more: boolean;
  /** The next page, or after a failure the page that failed. */
  loadMore: () => void;
  retry: () => void;
}

export function usePaged<T>(
  fetchPage: (page: number, pageSize: number) => Promise<T[]>,
  pageSize: number,
  deps: readonly unknown[],
): Paged<T> {
  const [state, setState] = useState<{
    items: T[];
    page: number;
    more: boolean;
    status: Paged<T>['status'];
    error?: unknown;
  }>({ items: [], page: -1, more: false, status: 'loading' });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fetcher = useCallback(fetchPage, deps);
  const load = useCallback(
    async (page: number, live: () => boolean = () => true) => {
      setState((s) => ({ ...s, status: 'loading', error: undefined, ...(page === 0 ? { items: [] } : {}) }));
      try {
        const items = await fetcher(page, pageSize);
        if (!live()) return;
        setState((s) => ({
          items: page === 0 ? items : [...s.items, ...items],
          page,
          more: items.length >= pageSize,
          status: 'ready',
        }));
      } catch (error) {
        if (live()) setState((s) => ({ ...s, status: 'error', error }));
      }
    },
    [fetcher, pageSize],
  );
  useEffect(() => {
    let alive = true;
    void load(0, () => alive);
    return () => {
      alive = false;
    };
  }, [load]);
  return {
    items: state.items,
    status: state.status,
    error: state.error,
    more: state.more,
    loadMore: () => void load(state.page + 1),
    retry: () => void load(state.items.length ? state.page + 1 : 0),
  };
}

/** Under a paged list: loading, the failure with its Retry, the empty text, or "Load more". */
export function PagedFooter<T>({ list, what, empty }: { list: Paged<T>; what: string; empty: ReactNode }) {
  return (
    <>
      {list.status === 'loading' && <Loading label={`Loading ${what}…`} lines={list.items.length ? 1 : 2} />}
      {list.status === 'error' && <LoadError error={list.error ?? CONNECTION_HINT} retry={list.retry} what={what} />}
      {list.status === 'ready' && list.items.length === 0 && <div className="acc-empty">{empty}</div>}
      {list.status === 'ready' && list.more && (
        <button type="button" className="gl-btn" onClick={list.loadMore}>
          Load more
        </button>
      )}
    </>
  );
}
