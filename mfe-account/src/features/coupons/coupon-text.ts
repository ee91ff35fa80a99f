// What a coupon gives, in words a seller reads at a glance (CONTRACT §6.5): a percent boost, a fixed
// bonus, or a rate increase per unit of card currency; with its minimum and its state.
import { formatMoney, isCurrencyCode, tryParseMoney, type Coupon } from '@giftlane/shared-sdk';

export type CouponState = 'usable' | 'soon' | 'expired' | 'used';

/** `new_use_status`: 1 not started, 2 usable, 3 expired, 4 usage limit reached. */
export function couponState(c: Pick<Coupon, 'new_use_status'>): CouponState {
  switch (Number(c.new_use_status)) {
    case 2:
      return 'usable';
    case 1:
      return 'soon';
    case 4:
      return 'used';
    default:
      return 'expired';
  }
}

export const STATE_LABEL: Record<CouponState, string> = {
  usable: 'Ready to use',
  soon: 'Not started',
  expired: 'Expired',
  used: 'Used',
};

const amountText = (value: string, currency: string | undefined) => {
  const m = currency && isCurrencyCode(currency) ? tryParseMoney(value, currency) : undefined;
  return m ? formatMoney(m) : value;
};

/** The effect, e.g. "+2% on the rate", "₦1,000.00 bonus on the trade", "+₦10.00 per card unit". */
export function couponEffect(c: Pick<Coupon, 'discount_type' | 'type' | 'discount_value' | 'currency'>): string {
  if (Number(c.discount_type) === 1) {
    const pct = Math.round(Number(c.discount_value) * 10_000) / 100;
    return `+${pct}% on the rate`;
  }
  const amount = amountText(c.discount_value, c.currency);
  return Number(c.type) === 2 ? `+${amount} on the rate per card unit` : `${amount} bonus on the trade`;
}

/** The minimum, or '' when there is none. */
export function couponMinimum(c: Pick<Coupon, 'enough_money' | 'currency'>): string {
  const min = c.enough_money ?? '0';
  if (!Number(min)) return '';
  return `On trades of ${amountText(min, c.currency)} or more`;
}

export const walletLabel = (c: Pick<Coupon, 'wallet_type'>) =>
  Number(c.wallet_type) === 2 ? 'USDT wallet' : 'Local wallet';
