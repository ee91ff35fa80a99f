// The sell form's reads: today's cards and rates with the amount-ladder bonuses, and a
// coupon's check. Uploading and submitting are in submit.ts. The form calls these, never the SDK.
import { getSdk, type BonusTier, type CalculatorData, type CurrencyCode } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

export interface Catalog {
  local: CurrencyCode;
  calc: CalculatorData;
  tiers: BonusTier[];
}

/** Today's cards and rates for a wallet, and its amount-ladder bonuses, priced in the seller's currency. */
export async function loadCatalog(walletType: 1 | 2): Promise<Catalog> {
  const local = await localCurrency();
  const { api, store } = getSdk();
  const country_id = store.user.countryId;
  const [calc, tiers] = await Promise.all([
    api.card.calculator({ country_id: country_id ?? '', wallet_type: walletType }),
    api.public.ladderConfig({ ...(country_id ? { country_id } : {}), wallet_type: walletType }),
  ]);
  return { local, calc, tiers };
}

export const checkCoupon = (code: string, walletType: 1 | 2) =>
  getSdk().api.order.checkCoupon({ coupon_code: code, wallet_type: walletType });
