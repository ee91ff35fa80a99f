// /homes/sell-gift-card (?coupon=CODE fills in and checks a coupon, from the coupons page;
// ?card=ID chooses that card, from the card list; with &amount=100, from the rate calculator)
import { useSearchParams } from '@giftlane/shared-sdk/router';
import { readSellChoice } from '@giftlane/shared-sdk/sell-choice';
import { SellForm } from '../features/sell/sell-form';

export default function SellPage() {
  const [params] = useSearchParams();
  // Checked for shape here; whether the card is still offered is decided once the catalog is in.
  const choice = readSellChoice(params);
  return (
    <section className="acc-page" aria-labelledby="sell-heading">
      <h2 id="sell-heading" className="acc-sr">
        Sell a gift card
      </h2>
      <SellForm
        initialCoupon={params.get('coupon')?.trim().slice(0, 64) || undefined}
        initialCardId={choice?.card}
        initialAmount={choice?.amount || undefined}
      />
    </section>
  );
}
