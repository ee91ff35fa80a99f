import { useData } from '@giftlane/shared-sdk';
import { ops } from './api';

/** A GET of the operator API through shared-sdk's one data hook: data, error message, loading, reload(). */
export function useOps<T>(path: string | null) {
  const state = useData<T | null>(() => (path ? ops<T>('GET', path) : Promise.resolve(null)), [path]);
  return {
    data: state.status === 'ready' ? state.data : null,
    error: state.status === 'error' ? (state.error as Error).message : '',
    loading: Boolean(path) && state.status === 'loading',
    reload: state.retry,
  };
}
