// The quote the order would lock, line by line (the card's value at its rate, each bonus by its
// name, the first-order bonus included), or what to fix first. The lines are the pricing function's
// own (the api credits with the same sum), so they always add up to the total.
import { PAYOUT_LINE_NAMES, type PayoutLine } from '@giftlane/shared-sdk/pricing';
import { showPayout, type SellQuote } from './sell-form-model';

export interface QuoteSummaryProps {
  id: string;
  quote: SellQuote;
  /** The seller's VIP bonus as a percent, named on its line. */
  vipRate?: string | number | null;
}

export function QuoteSummary({ id, quote, vipRate }: QuoteSummaryProps) {
  const { result, currency, payout } = quote;
  const show = (minor: bigint) => showPayout(minor, payout);
  const lineName = (l: PayoutLine) => {
    if (!result.ok) return PAYOUT_LINE_NAMES[l.kind];
    if (l.kind === 'card')
      return `${PAYOUT_LINE_NAMES.card} (${result.faceValue} ${currency} at ${show(result.rateMinor)})`;
    if (l.kind === 'vip') return `${PAYOUT_LINE_NAMES.vip} (+${vipRate}%)`;
    if (l.kind === 'first_order') return `${PAYOUT_LINE_NAMES.first_order} (your first sale)`;
    return PAYOUT_LINE_NAMES[l.kind];
  };
  return (
    <section className="acc-quote" aria-labelledby={`${id}-quote`} aria-live="polite" data-tour="rate-calculator">
      <h3 id={`${id}-quote`}>Your quote</h3>
      {result.ok ? (
        <>
          <p className="acc-quote__total" data-testid="quote-total">
            {show(result.quote.totalMinor)}
          </p>
          <dl>
            <dt>
              Rate per 1 {currency}
              {quote.vipBp > 0 || quote.withCoupon ? ' (with bonuses)' : ''}
            </dt>
            <dd>{show(result.quote.effectiveRateMinor)}</dd>
            {result.quote.lines.map((l) => (
              <div key={l.kind} className="acc-quote__line" data-testid={`quote-line-${l.kind}`}>
                <dt>{lineName(l)}</dt>
                <dd>{show(l.amountMinor)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="acc-muted">{result.message}</p>
      )}
    </section>
  );
}
