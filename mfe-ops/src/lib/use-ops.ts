import { useData } from '@giftlane/shared-sdk';

/**
 * A read of the operator API through shared-sdk's one data hook: data, error message, loading,
 * reload(). `load` is a call of the typed client (null: nothing to load yet); it runs again when
 * `key` changes.
 */
export function useOps<T>(load: (() => Promise<T>) | null, key: string) {
  const state = useData<T | null>(() => (load ? load() : Promise.resolve(null)), [key, Boolean(load)]);
  return {
    data: state.status === 'ready' ? state.data : null,
    error: state.status === 'error' ? (state.error as Error).message : '',
    loading: Boolean(load) && state.status === 'loading',
    reload: state.retry,
  };
}
