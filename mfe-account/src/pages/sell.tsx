// /homes/sell-gift-card
import { SellForm } from '../features/sell/sell-form';

export default function SellPage() {
  return (
    <section className="acc-page" aria-labelledby="sell-heading">
      <h2 id="sell-heading" className="acc-sr">
        Sell a gift card
      </h2>
      <SellForm />
    </section>
  );
}
