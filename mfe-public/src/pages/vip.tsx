import { Link } from '@giftlane/shared-sdk/router';
import { formatMoney, money, type CurrencyCode, Async } from '@giftlane/shared-sdk';
import { quote } from '@giftlane/shared-sdk/pricing';
import { Page } from '../lib/page';
import { percentToBp } from '../lib/amounts';
import { sellPath } from '../lib/links';
import { useSellSettings } from '../lib/api';

/** What a VIP bonus adds to an example trade, with the same pricing function as an order. */
function exampleBonus(base_major: bigint, currency: CurrencyCode, bp: number): string {
  // A face value of `base_major` at a rate of 1 per unit is a base payout of `base_major`.
  const q = quote({ faceMinor: base_major * 100n, faceDecimals: 2, baseRateMinor: 100n, vipBp: bp });
  return formatMoney(money(q.vipBonusMinor, currency));
}

export default function VipPage() {
  const sell = useSellSettings();
  return (
    <Page
      title="VIP"
      heading="GiftLane VIP: a better rate every time you trade"
      description={
        'GiftLane VIP levels add a bonus percentage to your rate on every gift card trade. See the live ' +
        'VIP levels and bonuses.'
      }
      lead={
        'Every completed trade counts towards your VIP level. The higher your level, the more we add to your ' +
        'rate, automatically, on every card.'
      }
    >
      <section className="pub-section" aria-labelledby="vip-levels">
        <h2 id="vip-levels">VIP levels and bonuses</h2>
        <Async state={sell} what="the VIP levels">
          {(d) => (
            // Below 480 px each level is a card of its own (labels beside the figures): nothing to scroll.
            <div className="pub-scroll" tabIndex={0} role="region" aria-label="Table of VIP levels">
              <table className="pub-table pub-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Level</th>
                    <th scope="col" className="pub-num">
                      Rate bonus
                    </th>
                    <th scope="col" className="pub-num">
                      On a ₦100,000 trade
                    </th>
                    <th scope="col" className="pub-num">
                      On a GH₵1,000 trade
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(d.vip ?? []).map((v) => {
                    const bp = percentToBp(v.rate);
                    return (
                      <tr key={v.level}>
                        <td data-label="Level">{v.level === 0 ? 'Member' : `VIP ${v.level}`}</td>
                        <td className="pub-num" data-label="Rate bonus">
                          +{String(v.rate)}%
                        </td>
                        <td className="pub-num" data-label="On a ₦100,000 trade">
                          +{exampleBonus(100_000n, 'NGN', bp)}
                        </td>
                        <td className="pub-num" data-label="On a GH₵1,000 trade">
                          +{exampleBonus(1_000n, 'GHS', bp)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Async>
      </section>
      <section className="pub-section pub-prose" aria-labelledby="vip-how">
        <h2 id="vip-how">How it works</h2>
        <ul>
          <li>
            Your VIP experience grows with the value of every completed trade. Refused or cancelled orders do not count.
          </li>
          <li>When you reach a new level, the new bonus applies to your next order straight away.</li>
          <li>
            The bonus is added on top of the card’s rate and is shown in the calculator and on your order before you
            submit.
          </li>
          <li>Your level, your progress to the next one and your history are on the VIP page of your account.</li>
        </ul>
        <div className="pub-actions">
          <Link className="gl-btn gl-btn--primary" to={sellPath()}>
            Start trading
          </Link>
          <Link className="gl-btn" to="/homes/vip">
            See my VIP level
          </Link>
        </div>
      </section>
    </Page>
  );
}
