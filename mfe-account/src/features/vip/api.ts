// The VIP page's calls. The progress card reads the session store, which takes the
// page's one vip/info reply.
import { getSdk, type VipData, type VipLogItem } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

export async function loadVip(): Promise<VipData> {
  await localCurrency();
  const { api, store } = getSdk();
  const data = await api.vip.info();
  store.vip.update(data);
  return data;
}

export const vipPoints = (page: number, page_size: number): Promise<VipLogItem[]> =>
  getSdk().api.vip.loglist({ page, page_size });
