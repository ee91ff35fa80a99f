import { Link } from '@giftlane/shared-sdk/router';
import { Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { MARKETS } from '../lib/country';
import { showMoney } from '../lib/amounts';
import { useCountries } from '../lib/api';

export default function ReferralPage() {
  const countries = useCountries();
  return (
    <Page
      title="Referral rewards"
      heading="Invite friends, earn rewards"
      description={
        'Invite friends to sell gift cards on GiftLane and earn referral rewards in naira or cedis on ' +
        'their sign-up and trades.'
      }
      lead={
        'Know someone with gift cards to sell? Share your invite link. When they join and trade, you earn too, ' +
        'for as long as they keep trading.'
      }
    >
      <section className="pub-section" aria-labelledby="ref-amounts">
        <h2 id="ref-amounts">What you earn</h2>
        <Async state={countries} what="the referral rewards">
          {(list) => (
            <div className="pub-scroll">
              <table className="pub-table">
                <thead>
                  <tr>
                    <th scope="col">Country</th>
                    <th scope="col" className="pub-num">
                      Sign-up reward
                    </th>
                    <th scope="col" className="pub-num">
                      Each sale
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {MARKETS.map((m) => {
                    const c = list.find((x) => x.id === m.countryId);
                    return (
                      <tr key={m.countryId}>
                        <td>{m.name}</td>
                        <td className="pub-num">{showMoney(c?.rebate_money_register, m.currency)}</td>
                        <td className="pub-num">{showMoney(c?.rebate_money, m.currency)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Async>
        <p className="pub-muted">
          The sign-up reward is paid with your friend’s first sale, so made-up accounts earn nothing. A sale counts once
          our team has approved it and it is above a small minimum (your referral page shows it). Rewards go to your
          reward wallet and move to your cash wallet automatically once they reach the transfer threshold, ready to
          withdraw.
        </p>
      </section>
      <section className="pub-section pub-prose" aria-labelledby="ref-how">
        <h2 id="ref-how">How to take part</h2>
        <ol>
          <li>
            <Link to="/sign-up">Sign up</Link> or log in.
          </li>
          <li>
            Open <Link to="/wallet/reward">your referral page</Link> and copy your invite link or code.
          </li>
          <li>Share it with friends on WhatsApp, Instagram or wherever they are.</li>
          <li>When they sign up with your link and sell, your rewards appear on your referral page.</li>
        </ol>
        <p>
          Your friend is linked to you for good once they sign up with your link. Inviting yourself, or creating
          accounts to collect rewards, is not allowed and cancels the rewards. See the <Link to="/terms">terms</Link>.
        </p>
      </section>
    </Page>
  );
}
