// The rate sheet of the seller's country, with the currency it pays in.
import { getSdk, toCurrencyCode, type CurrencyCode, type RatesData } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

export async function loadRates(): Promise<{ data: RatesData; payout: CurrencyCode }> {
  const local = await localCurrency();
  const { api, store } = getSdk();
  const data = await api.card.catalog({ country_id: store.user.countryId ?? '', page: 0, page_size: 1000 });
  return { data, payout: toCurrencyCode(data.payout_currency) ?? local };
}
