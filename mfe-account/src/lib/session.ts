// The signed-in user's facts every account page needs before it reads amounts: the SDK decodes
// replies in the user's local currency, so that must be known first (a Ghanaian's cedis must never
// be labelled naira because the profile had not arrived yet).
import { when } from 'mobx';
import { getSdk, type CurrencyCode } from '@giftlane/shared-sdk';

/** The user's local currency (NGN or GHS); loads the profile once when it is not known yet. */
export async function localCurrency(): Promise<CurrencyCode> {
  const { user } = getSdk().store;
  if (!user.currency) {
    if (user.loading) await when(() => !user.loading, { timeout: 20_000 }).catch(() => undefined);
    else await user.load();
  }
  return user.currency ?? 'NGN';
}
