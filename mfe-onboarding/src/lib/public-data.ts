// The country list and the app settings every onboarding form needs, fetched once per page and
// shared by the views (a visitor on slow data pays for each only once).
import { DEFAULT_DIAL_CODE, getSdk, useData, type Country, type InitData } from '@giftlane/shared-sdk';

let countries: Promise<Country[]> | undefined;
let init: Promise<InitData> | undefined;

export function loadCountries(): Promise<Country[]> {
  // The edge's prerender (no document) asks afresh for every page it renders: the list a page carries is never older
  // than the page.
  if (typeof document === 'undefined') return getSdk().api.public.countrylist();
  countries ??= getSdk()
    .api.public.countrylist()
    .catch((error: unknown) => {
      // SPEC §8: a failed country fetch is only logged; the next form tries again.
      console.error('[onboarding] country list failed to load', error);
      countries = undefined;
      return [];
    });
  return countries;
}

/** `public/appinit`; when it fails the safe choice is to ask for the code. */
export function loadInit(): Promise<InitData> {
  init ??= getSdk()
    .api.public.appinit()
    .catch((error: unknown) => {
      console.error('[onboarding] app settings failed to load', error);
      init = undefined;
      return { is_need_verify: '1' } as InitData;
    });
  return init;
}

/**
 * The country list, empty until it comes. A prerendered form carries it in its page, so the country can be chosen
 * before the page is live (what was chosen is kept, as what was typed is).
 */
export function useCountries(): Country[] {
  return useData(loadCountries, []).data ?? [];
}

/** For tests: forget what was fetched. */
export function resetPublicData(): void {
  countries = undefined;
  init = undefined;
}

/** The dial codes a number typed without its country code may belong to: the default (+234) first. */
export async function loadDialCodes(): Promise<string[]> {
  const codes = (await loadCountries()).map((c) => c.area_number);
  return [DEFAULT_DIAL_CODE, ...codes.filter((c) => c !== DEFAULT_DIAL_CODE)];
}
