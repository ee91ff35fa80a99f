import { STORAGE_KEYS } from '@giftlane/shared-sdk';
import {
  currentTourStage,
  finishProfileOverlay,
  finishTour,
  hasSeenTour,
  markTourSeen,
  rememberTourQuery,
  takeTourQuery,
  TOUR_POLL_MS,
  waitForTarget,
} from '../tour-state';
import { TOUR_LOCALE, TOUR_STEPS } from '../tour-steps';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '';
});
afterEach(() => jest.useRealTimers());

describe('the tour flags in the address', () => {
  it('takes showProfileOverlay and startTour out of the query and keeps the rest', () => {
    expect(takeTourQuery('?showProfileOverlay=true')).toEqual({ overlay: true, tour: undefined, rest: '' });
    expect(takeTourQuery('?a=1&startTour=true&b=2')).toEqual({ overlay: false, tour: 'new', rest: '?a=1&b=2' });
    expect(takeTourQuery('?startTour=replay')).toEqual({ overlay: false, tour: 'replay', rest: '' });
    expect(takeTourQuery('?startTour=nonsense')).toEqual({ overlay: false, tour: undefined, rest: '' });
    expect(takeTourQuery('?a=1')).toBeUndefined();
    expect(takeTourQuery('')).toBeUndefined();
  });
});

describe('what shows after sign-up', () => {
  it('the profile overlay first, then the tour, once per user', () => {
    rememberTourQuery(takeTourQuery('?showProfileOverlay=true')!);
    expect(sessionStorage.getItem(STORAGE_KEYS.showProfileOverlay)).toBe('true');
    expect(currentTourStage('7')).toBe('overlay');
    finishProfileOverlay();
    expect(currentTourStage('7')).toBe('tour');
    finishTour('7');
    expect(currentTourStage('7')).toBeUndefined();
    expect(hasSeenTour('7')).toBe(true);
    // Sign-up's flag again (a second tab, an old link): not a second time for this user.
    rememberTourQuery(takeTourQuery('?startTour=true')!);
    expect(currentTourStage('7')).toBeUndefined();
    expect(sessionStorage.getItem(STORAGE_KEYS.startTour)).toBeNull();
    // Another user on the same device gets it.
    rememberTourQuery(takeTourQuery('?startTour=true')!);
    expect(currentTourStage('8')).toBe('tour');
  });

  it('Help replays it for a user who has seen it', () => {
    markTourSeen('7');
    rememberTourQuery(takeTourQuery('?startTour=replay')!);
    expect(currentTourStage('7')).toBe('tour');
    finishTour('7');
    expect(currentTourStage('7')).toBeUndefined();
  });

  it('nothing without a signed-in user, and a broken record is read as none', () => {
    rememberTourQuery(takeTourQuery('?startTour=true')!);
    expect(currentTourStage(null)).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.tourSeen, '{"not":"a list"}');
    expect(hasSeenTour('7')).toBe(false);
    expect(currentTourStage('7')).toBe('tour');
  });

  it('keeps the seen list short', () => {
    for (let i = 0; i < 60; i++) markTourSeen(String(i));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.tourSeen)!)).toHaveLength(50);
    expect(hasSeenTour('59')).toBe(true);
  });
});

describe('waitForTarget (SPEC §9: polling every 50 ms)', () => {
  const visible = (el: HTMLElement) => {
    el.getClientRects = () => [{}] as unknown as DOMRectList;
    return el;
  };

  it('looks every 50 ms and resolves with the element once it shows', async () => {
    jest.useFakeTimers();
    expect(TOUR_POLL_MS).toBe(50);
    const query = jest.spyOn(document, 'querySelector');
    const found = waitForTarget('[data-tour="x"]', { timeoutMs: 1000 });
    expect(query).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(49);
    expect(query).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(query).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(100);
    expect(query).toHaveBeenCalledTimes(4);
    const el = visible(document.createElement('div'));
    el.dataset.tour = 'x';
    document.body.append(el);
    jest.advanceTimersByTime(50);
    await expect(found).resolves.toBe(el);
  });

  it('does not take a hidden element, and gives up after its time', async () => {
    jest.useFakeTimers();
    const el = document.createElement('div');
    el.dataset.tour = 'x';
    el.getClientRects = () => [] as unknown as DOMRectList;
    document.body.append(el);
    const found = waitForTarget('[data-tour="x"]', { timeoutMs: 300 });
    jest.advanceTimersByTime(300);
    await expect(found).resolves.toBeNull();
  });

  it('stops when aborted', async () => {
    jest.useFakeTimers();
    const abort = new AbortController();
    const found = waitForTarget('[data-tour="x"]', { signal: abort.signal });
    abort.abort();
    await expect(found).resolves.toBeNull();
  });
});

describe('the steps (SPEC §2)', () => {
  it('are the five of the spec, with its buttons, ending on Home and pointing to Help', () => {
    expect(TOUR_STEPS.map((s) => s.title)).toEqual([
      'Sell Card',
      'My Wallet',
      'Rate Calculator',
      'Notification',
      'Reward Center',
    ]);
    expect(TOUR_STEPS.find((s) => s.title === 'Rate Calculator')!.path).toBe('/homes/sell-gift-card');
    expect(TOUR_STEPS.at(-1)!.path).toBe('/homes');
    expect(TOUR_STEPS.at(-1)!.content).toMatch(/revisit this tour .* from the Help section/);
    expect(TOUR_LOCALE).toMatchObject({ skip: 'Skip', back: 'Back', next: 'Next', last: 'Got It' });
  });
});
