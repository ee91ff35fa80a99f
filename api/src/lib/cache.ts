/** A value loaded on first use and kept for ttlMs; concurrent callers share one load. */
export function cached<T>(ttlMs: number, load: () => Promise<T>): (() => Promise<T>) & { clear: () => void } {
  let value: { v: T; at: number } | null = null;
  let pending: Promise<T> | null = null;
  const get = async () => {
    if (value && Date.now() - value.at < ttlMs) return value.v;
    if (!pending) {
      pending = load().then(
        (v) => {
          value = { v, at: Date.now() };
          pending = null;
          return v;
        },
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
    }
    return pending;
  };
  return Object.assign(get, { clear: () => void (value = null) });
}
