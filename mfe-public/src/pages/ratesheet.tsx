import { observer } from 'mobx-react-lite';
import { Link } from '@giftlane/shared-sdk/router';
import { formatDateTime, toCurrencyCode, Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { useMarket } from '../lib/country';
import { MarketSwitch } from '../lib/market-switch';
import { RateTable } from '../features/rates/rate-table';
import { useRateSheet, useSignedIn } from '../lib/api';

const RateSheetPage = observer(function RateSheetPage() {
  const market = useMarket();
  const rates = useRateSheet(market.countryId, useSignedIn());
  return (
    <Page
      wide
      title="Gift card rate sheet"
      heading="Today’s gift card rates"
      description={
        'Live rates for Apple, Steam, Amazon, Google Play, Razer Gold and more, in naira and cedis, by ' +
        'card currency, form and amount.'
      }
      lead={
        'Every card we buy, with what we pay for each unit of the card’s currency. Find your card, then use the ' +
        'calculator for your exact payout.'
      }
    >
      <MarketSwitch />
      {/* While the rates load this area holds a screen's height, so what follows (and the footer)
          starts below the fold and nothing visible jumps when the table arrives. */}
      <div className={rates.status === 'loading' ? 'pub-reserve' : undefined}>
        <Async state={rates} what="the rate sheet" lines={8}>
          {(data) => (
            <>
              <p className="pub-muted" data-testid="rates-updated">
                Last updated {formatDateTime(data.batch_time)}. Rates can change during the day; the rate is locked when
                you submit an order.
              </p>
              <RateTable data={data} payout={toCurrencyCode(data.payout_currency) ?? market.currency} />
            </>
          )}
        </Async>
      </div>
      <section className="pub-section">
        <h2>Ready to sell?</h2>
        <p>
          Work out your exact payout with the <Link to="/home#calculator">rate calculator</Link>, or read{' '}
          <Link to="/sellcard">how selling works</Link>.
        </p>
      </section>
    </Page>
  );
});

export default RateSheetPage;
