// Renders the onboarding page the way the shell mounts it, at a URL, with the real SDK answering
// from a table of wire replies (nothing here reaches the network).
import { act, render } from '@testing-library/react';
// A component router: the data router needs fetch's Request, which jsdom lacks.
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from '@giftlane/shared-sdk/router';
import { runInAction } from 'mobx';
import type { Country } from '@giftlane/shared-sdk';
import { Refusal, testApi } from '@giftlane/shared-sdk/testing';
import { OnboardingPage } from '../app/onboarding-page';
import { resetPublicData } from '../lib/public-data';
import { loadPasswordViews, loadSignUpViews, warm } from '../lib/view-chunks';

// Every flow's chunk is in before a test renders, as in a browser that has fetched them.
beforeAll(() => Promise.all([warm(loadSignUpViews), warm(loadPasswordViews)]));

export const COUNTRIES: Country[] = [
  { id: 1, name: 'Nigeria', area_number: '+234', currency_name: 'NGN' },
  { id: 2, name: 'Ghana', area_number: '+233', currency_name: 'GHS' },
];

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** What the router is doing, for assertions (the data router needs fetch's Request, absent in jsdom). */
export interface RouterProbe {
  location: { pathname: string; search: string };
  navigate: NavigateFunction;
}

function Probe({ probe }: { probe: RouterProbe }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return null;
}

export function renderAt(url: string) {
  const probe = { location: { pathname: '', search: '' } } as RouterProbe;
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <Probe probe={probe} />
      <Routes>
        <Route path="/login" element={<OnboardingPage key="login" />} />
        <Route path="/sign-up" element={<OnboardingPage key="sign-up" />} />
        <Route path="/social-signup" element={<OnboardingPage key="social" />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    ...utils,
    router: {
      get state() {
        return { location: probe.location };
      },
      navigate: (to: string) => act(() => probe.navigate(to)),
    },
  };
}

/**
 * A fresh tab: empty storage, no session, no remembered view, and the api as a table of wire replies
 * (`@giftlane/shared-sdk/testing`): the country list and appinit answer; a test adds what it needs
 * with `answer(path, …)` and reads what was sent with `callsTo(path)`.
 */
export function freshTab(options: { needVerify?: '0' | '1' } = {}) {
  jest.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '';
  const api = testApi(
    { 'public/countrylist': COUNTRIES, 'public/appinit': { is_need_verify: options.needVerify ?? '1' } },
    { seller: false },
  );
  const { store } = api.sdk;
  runInAction(() => {
    store.onboarding.currentView = undefined;
  });
  resetPublicData();
  // The tracker's events are a side channel: noted, not sent.
  jest.spyOn(api.sdk.tracker, 'trackRegistration').mockImplementation(() => undefined);
  return { ...api, store, tracker: api.sdk.tracker };
}

/** The api refusing a call with its message. */
export const refused = (msg: string) => new Refusal(msg);
