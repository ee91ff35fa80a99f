// The product tour itself, with react-joyride. Loaded lazily, only when a tour runs in the signed-in
// area: visitors and sellers who saw it never download joyride.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Joyride, EVENTS, STATUS, type EventData, type Step } from 'react-joyride';
import { useLocation, useNavigate } from '@giftlane/shared-sdk/router';
import { THEME_TOKENS } from '@giftlane/shared-sdk';
import { TOUR_LOCALE, TOUR_STEPS, tourTarget } from './tour-steps';
import { waitForTarget } from './tour-state';

export type TourEnd = 'finished' | 'skipped' | 'cancelled';

/** While the tour runs the page does not scroll under it; every end gives scrolling back (SPEC §4). */
function useBodyScrollLock() {
  useEffect(() => {
    const html = document.documentElement;
    const before = html.style.overflow;
    html.style.overflow = 'hidden';
    html.dataset.tour = 'running';
    return () => {
      html.style.overflow = before;
      delete html.dataset.tour;
    };
  }, []);
}

/** Whether a modal dialog is open (the logout question). */
const modalOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * True once no modal dialog is open, and from then on. On a slow phone the tour's code can arrive
 * after the seller has tapped Logout: a tour opened then would sit under the question, the page
 * locked behind both.
 */
function useNoModalOpen(): boolean {
  const [free, setFree] = useState(() => !modalOpen());
  useEffect(() => {
    if (free) return;
    const watch = new MutationObserver(() => {
      if (!modalOpen()) setFree(true);
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    if (!modalOpen()) setFree(true);
    return () => watch.disconnect();
  }, [free]);
  return free;
}

/** The tour, once nothing modal stands in its way. */
export default function TourHost({ onEnd }: { onEnd: (how: TourEnd) => void }) {
  return useNoModalOpen() ? <RunningTour onEnd={onEnd} /> : null;
}

function RunningTour({ onEnd }: { onEnd: (how: TourEnd) => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  here.current = pathname;
  const ended = useRef(false);
  const end = useRef(onEnd);
  end.current = onEnd;
  useBodyScrollLock();

  const finish = (how: TourEnd) => {
    if (ended.current) return;
    ended.current = true;
    end.current(how);
  };

  // Escape cancels the tour where the seller is.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') finish('cancelled');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const steps = useMemo<Step[]>(
    () =>
      TOUR_STEPS.map((s) => ({
        id: s.id,
        target: tourTarget(s.id),
        title: s.title,
        content: s.content,
        placement: s.inTopBar ? 'bottom' : 'auto',
        // The top bar stays on screen: nothing to scroll to (joyride would scroll past it).
        ...(s.inTopBar ? { isFixed: true, skipScroll: true } : {}),
        // Each step opens its own page and waits (polling every 50 ms) until its target shows.
        before: async () => {
          if (here.current !== s.path) navigate(s.path);
          await waitForTarget(tourTarget(s.id));
        },
      })),
    [navigate],
  );

  const onEvent = (data: EventData) => {
    if (data.type !== EVENTS.TOUR_END) return;
    finish(data.status === STATUS.SKIPPED ? 'skipped' : 'finished');
  };

  return (
    <Joyride
      run
      continuous
      steps={steps}
      locale={TOUR_LOCALE}
      onEvent={onEvent}
      options={{
        buttons: ['skip', 'back', 'primary'],
        skipBeacon: true,
        // Our own wait (above) already polled for the target.
        targetWaitTimeout: 0,
        beforeTimeout: 10_000,
        dismissKeyAction: false,
        overlayClickAction: false,
        primaryColor: THEME_TOKENS.colorPrimary,
        textColor: THEME_TOKENS.colorText,
        // Above the toasts (1000): nothing covers a step.
        zIndex: 1100,
        width: 320,
        // Below the sticky top bar.
        scrollOffset: 76,
      }}
    />
  );
}
