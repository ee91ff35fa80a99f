// The referral rewards page's calls, decoded in the seller's currency.
import { getSdk, type InvitedUser, type RebateItem } from '@giftlane/shared-sdk';
import { localCurrency } from '../../lib/session';

/** The invite code and what it earns, and the reward wallet's balance and threshold. */
export async function loadRewardSummary() {
  await localCurrency();
  const { rebate } = getSdk().api;
  const [invite, wallet] = await Promise.all([
    rebate.inviteinfo(),
    rebate.rebateList({ type: 0, wallet_type: 1, page: 0, page_size: 1 }),
  ]);
  return { invite, wallet };
}

export async function friendsPage(page: number, page_size: number): Promise<InvitedUser[]> {
  await localCurrency();
  return getSdk().api.rebate.getReferralUsers({ page, page_size });
}

export async function rewardsPage(page: number, page_size: number): Promise<RebateItem[]> {
  await localCurrency();
  return (await getSdk().api.rebate.rebateList({ type: 0, wallet_type: 1, page, page_size })).user_rebate_list;
}
