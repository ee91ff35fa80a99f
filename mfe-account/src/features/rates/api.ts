// The rate sheet of the seller's country, with the currency it pays in.
import { getSdk, toCurrencyCode, type CurrencyCode, type RatesData } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

export async function loadRates(): Promise<{ data: RatesData; payout: CurrencyCode }> {
  const local = await localCurrency();
  const { api, store } = getSdk();
  const data = await api.card.catalog({ country_id: store.user.countryId ?? '', page: 0, page_size: 1000 });
  return { data, payout: toCurrencyCode(data.payout_currency) ?? local };
}

/** The seller's rate alerts and how many they may keep. */
export const loadRateAlerts = () => getSdk().api.card.rateAlerts();

export const addRateAlert = (req: { card_id: number; currency: string; target_rate: string }) =>
  getSdk().api.card.rateAlertAdd(req);

export const deleteRateAlert = (alertId: number) => getSdk().api.card.rateAlertDelete({ alert_id: alertId });
