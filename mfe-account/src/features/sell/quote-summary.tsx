// The quote the order would lock, line by line (card value, each bonus), or what to fix first.
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
            <dt>Card value</dt>
            <dd>{show(result.quote.baseMinor)}</dd>
            {result.quote.vipBonusMinor > 0n && (
              <>
                <dt>VIP bonus (+{vipRate}%)</dt>
                <dd>{show(result.quote.vipBonusMinor)}</dd>
              </>
            )}
            {result.quote.couponBonusMinor > 0n && (
              <>
                <dt>Coupon</dt>
                <dd>{show(result.quote.couponBonusMinor)}</dd>
              </>
            )}
            {result.quote.ladderBonusMinor > 0n && (
              <>
                <dt>Big-trade bonus</dt>
                <dd>{show(result.quote.ladderBonusMinor)}</dd>
              </>
            )}
          </dl>
        </>
      ) : (
        <p className="acc-muted">{result.message}</p>
      )}
    </section>
  );
}
