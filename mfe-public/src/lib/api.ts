// Every call the public site makes to the api, as data hooks (for pages) and actions:
// pages and components read through these, never through the SDK itself (lint).
import { getSdk, useData, useStores } from '@giftlane/shared-sdk';

const api = () => getSdk().api;

/** Whether a seller is signed in (read inside `observer`): prices follow their VIP level. */
export const useSignedIn = (): boolean => useStores().session.isSignedIn;

/** A market's calculator catalog and amount-ladder bonuses (reloaded when signing in or out changes the prices). */
export const useCalculator = (countryId: number, signedIn: boolean) =>
  useData(
    () =>
      Promise.all([
        api().card.calculator({ country_id: countryId }),
        api().public.ladderConfig({ country_id: countryId }),
      ]),
    [countryId, signedIn],
  );

/** A market's whole rate sheet. */
export const useRateSheet = (countryId: number, signedIn: boolean) =>
  useData(() => api().card.catalog({ country_id: countryId, page: 0, page_size: 1000 }), [countryId, signedIn]);

/** A card's rate history (the "Rate history" chart loads it when opened). */
export const loadRateHistory = (req: { card_id: number; currency: string; days: 30 | 90 }) =>
  api().card.rateHistory(req);

export const useBanners = () => useData(() => api().public.homebanner(), []);

/** The sell page's settings (payout time, VIP and ladder bonuses). */
export const useSellSettings = (signedIn = false) => useData(() => api().public.vipActivityDes(), [signedIn]);

export const useFaqPreview = (count: number) => useData(() => api().faq.list({ page: 0, page_size: count }), [count]);

/** Every FAQ category and entry. */
export const useFaqs = () =>
  useData(() => Promise.all([api().faq.categories(), api().faq.list({ page: 0, page_size: 100 })]), []);

/** The amount-ladder bonuses of several markets. */
export const useLadders = (countryIds: number[]) =>
  useData(
    () => Promise.all(countryIds.map((id) => api().public.ladderConfig({ country_id: id }))),
    [countryIds.join()],
  );

export const useBlogPosts = (page: number, size: number) =>
  useData(() => api().public.blogList({ page, page_size: size }), [page, size]);

/** One blog post (a route loader; it rejects with the api's "not found" for an unknown slug). */
export const loadBlogPost = (slug: string) => api().public.blogPost({ slug });

/** The status board: review time per card family, and each payout rail's state. */
export const useStatusBoard = () => useData(() => api().public.status(), []);

export const useCountries = () => useData(() => api().public.countrylist(), []);

/** Our official channels (the "Official channels" page). */
export const useChannels = () => useData(() => api().public.channels(), []);

/** Is this number, address or link ours? */
export const checkChannel = (text: string) => api().public.channelCheck({ text });

/** Support's contacts and the app's settings. */
export const useAppInit = () => useData(() => api().public.appinit(), []);

export const sendContact = (draft: Parameters<ReturnType<typeof api>['public']['contact']>[0]) =>
  api().public.contact(draft);

/** "This wasn't me" from a security e-mail: the account is locked down; a session on this device ends. */
export async function reportNotMe(linkToken: string): Promise<void> {
  const { api: client, store } = getSdk();
  await client.security.wasNotMe({ link_token: linkToken });
  if (store.session.isSignedIn) store.session.clear();
}
