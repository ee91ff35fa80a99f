// /homes/vip — the seller's VIP level (the navbar badge links here): progress to the next level, the
// level table with each level's rate bonus, the other bonuses a sale can earn, what the bonuses have
// paid so far, and the history of points.
import { formatDateTime, formatMoney, Loading, LoadError, useData, type VipLogItem } from '@giftlane/shared-sdk';
import { Link } from '@giftlane/shared-sdk/router';
import { PagedFooter, usePaged } from '../lib/paged';
import { SignedChange } from '../lib/signed-change';
import { VipProgress } from '../features/vip/vip-progress';
import { loadVip, vipPoints } from '../features/vip/api';

const PAGE_SIZE = 20;
const LEVEL_NAMES = ['Member', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'];

export default function VipPage() {
  const info = useData(loadVip, []);
  const points = usePaged<VipLogItem>(vipPoints, PAGE_SIZE, []);

  return (
    <div className="acc-page">
      <VipProgress link={false} headingId="vip-level" />
      {info.status === 'loading' && <Loading label="Loading your VIP benefits…" lines={4} />}
      {info.status === 'error' && <LoadError error={info.error} retry={info.retry} what="your VIP benefits" />}
      {info.status === 'ready' && (
        <>
          <section className="acc-fieldset" aria-labelledby="vip-levels">
            <h2 id="vip-levels">Levels and their bonus</h2>
            <p className="acc-muted" style={{ margin: 0 }}>
              Every completed sale adds points: one for each US dollar of card value (other card currencies count at
              their own rate). Your level never goes down, and its bonus is added to the rate of every card you sell.
            </p>
            <table className="acc-table">
              <thead>
                <tr>
                  <th scope="col">Level</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                  <th scope="col" className="num">
                    Rate bonus
                  </th>
                </tr>
              </thead>
              <tbody>
                {(info.data.vip_info ?? []).map((l) => {
                  const current = l.level === info.data.vip_level;
                  return (
                    <tr
                      key={l.level}
                      aria-current={current ? 'true' : undefined}
                      className={current ? 'acc-table__current' : undefined}
                    >
                      <th scope="row">
                        VIP {l.level} · {l.name ?? LEVEL_NAMES[l.level] ?? ''}
                        {current && <span className="acc-badge acc-badge--success"> You</span>}
                      </th>
                      <td className="num" data-label="Points">
                        {Number(l.exp).toLocaleString('en-GB')}
                      </td>
                      <td className="num" data-label="Rate bonus">
                        {Number(l.rate) > 0 ? `+${Number(l.rate)}%` : 'none'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <section className="acc-fieldset" aria-labelledby="vip-more">
            <h2 id="vip-more">More on every sale</h2>
            <ul className="acc-bullets">
              {info.data.first_order_bonus && info.data.first_order_bonus.amount_minor > 0n && (
                <li>
                  Your first completed sale earns <strong>{formatMoney(info.data.first_order_bonus)}</strong> extra,
                  once.
                </li>
              )}
              {info.data.amount_order_bonus.map((t) => (
                <li key={String(t.order_amount.amount_minor)}>
                  A sale of {formatMoney(t.order_amount)} or more earns <strong>{formatMoney(t.bonus_amount)}</strong>{' '}
                  extra.
                </li>
              ))}
              <li>
                Coupons add more: see <Link to="/homes/coupon">your coupons</Link>. Inviting friends pays too: see{' '}
                <Link to="/wallet/reward">your rewards</Link>.
              </li>
            </ul>
            <dl className="acc-dl">
              <dt>Bonuses paid to you so far</dt>
              <dd data-testid="vip-total-bonus">{info.data.total_bonus ? formatMoney(info.data.total_bonus) : '–'}</dd>
              {info.data.total_bonus_usdt && info.data.total_bonus_usdt.amount_minor > 0n && (
                <>
                  <dt>In your USDT wallet</dt>
                  <dd>{formatMoney(info.data.total_bonus_usdt)}</dd>
                </>
              )}
              {info.data.referred_total_bonus && (
                <>
                  <dt>Referral rewards</dt>
                  <dd>{formatMoney(info.data.referred_total_bonus)}</dd>
                </>
              )}
            </dl>
          </section>
        </>
      )}
      <section className="acc-fieldset" aria-labelledby="vip-points">
        <h2 id="vip-points">Points history</h2>
        {points.items.length > 0 && (
          <ul className="acc-list" aria-label="Points entries">
            {points.items.map((p) => (
              <li key={p.id} className="acc-item acc-item--plain">
                <div className="acc-item__main">
                  <div className="acc-row">
                    <span className="acc-item__title acc-item__title--wrap">
                      {p.memo || (p.order_no ? `Order ${p.order_no}` : 'Points')}
                    </span>
                    <SignedChange credit={p.exp > 0} text={`${p.exp.toLocaleString('en-GB')} points`} />
                  </div>
                  <div className="acc-row">
                    <span className="acc-muted">{formatDateTime(p.create_time)}</span>
                    <span className="acc-muted">Total {p.after_exp.toLocaleString('en-GB')}</span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        <PagedFooter
          list={points}
          what="your points"
          empty={
            <>
              No points yet. <Link to="/homes/sell-gift-card">Sell a gift card</Link> to start climbing.
            </>
          }
        />
      </section>
    </div>
  );
}
