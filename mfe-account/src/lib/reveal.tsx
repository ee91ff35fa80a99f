// Parts of a page below one whose size is not known until its data is in (balances, the card list):
// mounted at once, so their own data loads alongside, but laid out only once what is above them has
// its final size (and from then on for good: a later reload of the data above hides nothing).
// Appearing below is no layout shift; being pushed down by a skeleton's replacement is (a seller
// about to tap "Withdraw" would tap something else).
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export function RevealAfter({ ready, children }: { ready: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(ready);
  if (ready && !shown) setShown(true);
  return (
    <div className="acc-reveal" hidden={!shown && !ready}>
      {children}
    </div>
  );
}

/** Calls `onSettled` once, when a part's first load is no longer loading (answered or failed). */
export function useSettled(loading: boolean, onSettled: (() => void) | undefined): void {
  const told = useRef(false);
  useEffect(() => {
    if (loading || told.current || !onSettled) return;
    told.current = true;
    onSettled();
  }, [loading, onSettled]);
}

/** For a page: `settle(name)` to hand each part (the same function every render), and whether all have settled. */
export function useAllSettled<Name extends string>(names: readonly Name[]) {
  const [settled, setSettled] = useState<ReadonlySet<Name>>(() => new Set());
  const settle = useMemo(() => {
    const callbacks = new Map<Name, () => void>();
    return (name: Name) => {
      let callback = callbacks.get(name);
      if (!callback) {
        callback = () => setSettled((s) => (s.has(name) ? s : new Set([...s, name])));
        callbacks.set(name, callback);
      }
      return callback;
    };
  }, []);
  return { settle, all: names.every((n) => settled.has(n)) };
}
