// The coupons page's call.
import { getSdk } from '@giftlane/shared-sdk';

export const myCoupons = (pageSize: number) =>
  getSdk().api.order.getAvailableCoupon({ type: 0, page: 0, page_size: pageSize });
