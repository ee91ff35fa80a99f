// /homes/sell-gift-card (?coupon=CODE fills in and checks a coupon, from the coupons page;
// ?card=ID chooses that card, from the card list)
import { useSearchParams } from '@giftlane/shared-sdk/router';
import { SellForm } from '../features/sell/sell-form';

export default function SellPage() {
  const [params] = useSearchParams();
  return (
    <section className="acc-page" aria-labelledby="sell-heading">
      <h2 id="sell-heading" className="acc-sr">
        Sell a gift card
      </h2>
      <SellForm
        initialCoupon={params.get('coupon')?.trim().slice(0, 64) || undefined}
        initialCardId={Number(params.get('card')) || undefined}
      />
    </section>
  );
}
