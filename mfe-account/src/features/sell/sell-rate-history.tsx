// Under the quote: the chosen card's rate history (loaded only when opened) and a way to be told
// when its rate goes up (the alert form on the card rates page, with this card chosen).
import { Link } from '@giftlane/shared-sdk/router';
import { RateHistory } from '@giftlane/shared-sdk/ui/rate-history';
import { loadRateHistory } from '../../lib/rate-history';
import { bandLabel, formName } from './sell-model';
import type { SellQuote } from './sell-form-model';

export function SellRateHistory({ quote }: { quote: SellQuote }) {
  const card = quote.result.ok ? quote.result.card : quote.bands[0];
  if (!card) return null;
  const name = [
    quote.brand?.name,
    quote.currency,
    formName(quote.form),
    bandLabel(card.min_face, card.max_face, quote.currency),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="acc-row" style={{ gap: '0 16px', flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <RateHistory cards={[{ id: card.card_id, name }]} currency={quote.payout} load={loadRateHistory} />
      <Link className="acc-link" style={{ padding: '10px 0' }} to={`/homes/cards?alert=${card.card_id}#rate-alerts`}>
        Set a rate alert
      </Link>
    </div>
  );
}
