// The wallet's balances (wallet/balance), each with what it means: money is real, so what can leave
// now ("Available now", the api's figure: the same rules refuse a withdrawal) comes first, and every
// reason the rest cannot leave yet is said in the api's words.
import { formatMoney, type Money, type WalletBalance } from '@giftlane/shared-sdk';
import { Link } from '@giftlane/shared-sdk/router';
import { HoldItems } from './holds';

const show = (m: Money | undefined, fallback = '–') => (m ? formatMoney(m) : fallback);

export function Balances({ balance, compact = false }: { balance: WalletBalance; compact?: boolean }) {
  const inProgress = balance.dealing_cnt ?? 0;
  const local = balance.standing?.[0];
  const usdt = balance.standing?.find((s) => s.wallet_type === 2);
  return (
    <>
      <dl className="acc-stats">
        {local && (
          <div className="acc-stat acc-stat--main">
            <dt>Available now</dt>
            <dd data-testid="balance-available">
              {formatMoney(local.available_now)}
              <small>
                {local.holds.length ? 'What you can withdraw this minute' : 'All of it can be withdrawn now'}
              </small>
            </dd>
          </div>
        )}
        <div className={local ? 'acc-stat' : 'acc-stat acc-stat--main'}>
          <dt>Cash balance</dt>
          <dd>
            <span data-testid="balance-cash">{formatMoney(balance.total_amount)}</span>
            {!compact && <small>In your wallet, withdrawals being paid out included</small>}
          </dd>
        </div>
        {!compact && (
          <div className="acc-stat">
            <dt>Held</dt>
            <dd data-testid="balance-held">
              {show(balance.frozen_amount)}
              <small>For withdrawals being paid out</small>
            </dd>
          </div>
        )}
        {!compact && (
          <div className="acc-stat">
            <dt>Rewards</dt>
            <dd data-testid="balance-rewards">
              {show(balance.rebate_amount)}
              {balance.transfer_rebate && balance.transfer_rebate.amount_minor > 0n && (
                <small>Moves to cash at {formatMoney(balance.transfer_rebate)}</small>
              )}
              <small>
                <Link to="/wallet/reward">Rewards and invites</Link>
              </small>
            </dd>
          </div>
        )}
        <div className="acc-stat">
          <dt>USDT wallet</dt>
          <dd data-testid="balance-usdt">
            {formatMoney(balance.usd_amount)}
            {usdt && usdt.balance.amount_minor > 0n && (
              <small data-testid="balance-usdt-available">{formatMoney(usdt.available_now)} available now</small>
            )}
          </dd>
        </div>
        <div className="acc-stat">
          <dt>Orders in progress</dt>
          <dd data-testid="balance-orders">
            {inProgress}
            <small>{inProgress ? 'Paid in when approved' : 'Nothing waiting'}</small>
          </dd>
        </div>
      </dl>
      {/* On the dashboard: why the rest of the cash cannot leave yet, and the way to every hold. */}
      {compact && local && local.holds.length > 0 && (
        <div className="acc-holds__summary">
          <HoldItems holds={local.holds} testId="balance-holds" />
          <Link className="acc-link" to="/wallet#holds">
            All holds and limits
          </Link>
        </div>
      )}
    </>
  );
}
