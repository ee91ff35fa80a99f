import { observer } from 'mobx-react-lite';
import { CURRENCY_SYMBOLS } from '@giftlane/shared-sdk';
import { MARKETS, setMarket, useMarket } from './country';
import { useSignedIn } from './api';

/** Naira or cedis, for visitors who are not signed in (a signed-in user sees their own currency). */
export const MarketSwitch = observer(function MarketSwitch() {
  const market = useMarket();
  if (useSignedIn()) return null;
  return (
    <div className="pub-switch" role="group" aria-label="Show rates for">
      {MARKETS.map((m) => (
        <button
          key={m.countryId}
          type="button"
          className="pub-chip"
          aria-pressed={m.countryId === market.countryId}
          onClick={() => setMarket(m.countryId)}
        >
          {m.name} ({CURRENCY_SYMBOLS[m.currency]})
        </button>
      ))}
    </div>
  );
});
