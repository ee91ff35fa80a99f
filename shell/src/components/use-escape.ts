import { useEffect, type RefObject } from 'react';

/**
 * While `active`, Escape calls `onEscape` and gives the keyboard focus back to `returnTo` (the
 * button that opened the panel), so a keyboard or switch user is never left inside a closed menu.
 */
export function useEscape(active: boolean, onEscape: () => void, returnTo?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      onEscape();
      returnTo?.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, onEscape, returnTo]);
}
