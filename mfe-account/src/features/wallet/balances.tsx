// The wallet's balances (wallet/balance), each with what it means: money is real, so "held" and
// "withdrawable" are spelled out rather than left as bare numbers.
import { formatMoney, type Money, type WalletBalance } from '@giftlane/shared-sdk';
import { Link } from '@giftlane/shared-sdk/router';

const show = (m: Money | undefined, fallback = '–') => (m ? formatMoney(m) : fallback);

export function Balances({ balance, compact = false }: { balance: WalletBalance; compact?: boolean }) {
  const inProgress = balance.dealing_cnt ?? 0;
  return (
    <dl className="acc-stats">
      <div className="acc-stat acc-stat--main">
        <dt>Cash balance</dt>
        <dd data-testid="balance-cash">{formatMoney(balance.total_amount)}</dd>
      </div>
      <div className="acc-stat">
        <dt>Withdrawable</dt>
        <dd data-testid="balance-withdrawable">{show(balance.withdraw_amount, formatMoney(balance.total_amount))}</dd>
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
        <dd data-testid="balance-usdt">{formatMoney(balance.usd_amount)}</dd>
      </div>
      <div className="acc-stat">
        <dt>Orders in progress</dt>
        <dd data-testid="balance-orders">
          {inProgress}
          <small>{inProgress ? 'Paid in when approved' : 'Nothing waiting'}</small>
        </dd>
      </div>
    </dl>
  );
}
