import { useCallback, useEffect, useState } from 'react';
import { RESEND_COUNTDOWN_S } from '@giftlane/shared-sdk';

/** Seconds left before a code may be sent again (SPEC §4: 60 s, allowed at zero). */
export function useCountdown(startAt = 0) {
  const [left, setLeft] = useState(startAt);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const restart = useCallback(() => setLeft(RESEND_COUNTDOWN_S), []);
  return { left, restart };
}
