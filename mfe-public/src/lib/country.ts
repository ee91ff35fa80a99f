// Which currency a visitor sees rates in. Signed-in users are quoted in their own wallet currency
// by the api; an anonymous visitor picks Nigeria (naira) or Ghana (cedis), remembered on the device.
import { useSyncExternalStore } from 'react';
import { getSdk, readStorage, writeStorage, type CurrencyCode } from '@giftlane/shared-sdk';

export interface Market {
  countryId: number;
  name: string;
  currency: CurrencyCode;
}

export const MARKETS: readonly Market[] = [
  { countryId: 1, name: 'Nigeria', currency: 'NGN' },
  { countryId: 2, name: 'Ghana', currency: 'GHS' },
];

const KEY = 'giftlane_public_country';
const listeners = new Set<() => void>();

function current(): Market {
  const user = getSdk().store.user;
  const signedIn = getSdk().store.session.isSignedIn;
  const chosen = signedIn && user.countryId ? user.countryId : readStorage('local', KEY);
  return MARKETS.find((m) => String(m.countryId) === chosen) ?? MARKETS[0]!;
}

export function setMarket(countryId: number) {
  writeStorage('local', KEY, String(countryId));
  listeners.forEach((l) => l());
}

export function useMarket(): Market {
  const id = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current().countryId,
    // The edge prerenders every public page for the first market; the hydration starts from it,
    // and a visitor who chose another switches right after.
    () => MARKETS[0]!.countryId,
  );
  return MARKETS.find((m) => m.countryId === id) ?? MARKETS[0]!;
}
