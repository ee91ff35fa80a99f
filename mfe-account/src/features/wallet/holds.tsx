// What keeps a seller's money from leaving now, each reason in the api's words with what clears it
// and when (withdraw/standing.ts works them out; the screens only show them). One item per hold, with
// the way to clear it where the seller can act.
import { useEffect, useRef } from 'react';
import { formatMoney, type MoneyHold, type WalletStanding } from '@giftlane/shared-sdk';
import { Link, useLocation } from '@giftlane/shared-sdk/router';

/** Where the seller can clear a hold themselves. */
const ACTIONS: Record<string, { to: string; label: string }> = {
  no_payout_account: { to: '/settings', label: 'Add a payout account' },
  verify_identity: { to: '/settings#verification', label: 'Verify now' },
  kyc_daily_limit: { to: '/settings#verification', label: 'Verification levels' },
  kyc_single_limit: { to: '/settings#verification', label: 'Verification levels' },
  freeze: { to: '/homes/help', label: 'Contact support' },
  pending_withdrawals: { to: '/wallet/history', label: 'See your withdrawals' },
};

export function HoldItems({ holds, testId }: { holds: MoneyHold[]; testId?: string }) {
  return (
    <ul className="acc-holds" data-testid={testId}>
      {holds.map((h) => {
        const action = ACTIONS[h.kind];
        return (
          <li key={`${h.kind}-${h.message}`} className={h.blocking ? 'acc-hold acc-hold--block' : 'acc-hold'}>
            <strong className="acc-hold__title">{h.title}</strong>
            <span data-testid={`hold-${h.kind}`}>{h.message}</span>
            {action && (
              <Link className="acc-link" to={action.to}>
                {action.label}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const walletName = (s: WalletStanding) => (s.wallet_type === 2 ? 'USDT wallet' : `Cash wallet (${s.currency_name})`);

/** The wallet's "Holds and limits": every wallet's figure available now and each hold on the rest. */
export function HoldsAndLimits({ standing }: { standing: WalletStanding[] }) {
  // The USDT wallet only when it holds money: an empty one has nothing to hold back.
  const shown = standing.filter((s, i) => i === 0 || s.balance.amount_minor > 0n || s.held.amount_minor > 0n);
  // The dashboard's "All holds and limits" opens the wallet here.
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#holds') ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <section ref={ref} id="holds" className="acc-fieldset" aria-labelledby="holds-h">
      <h2 id="holds-h">Holds and limits</h2>
      {shown.map((s) => (
        <div key={s.wallet_type} className="acc-holds__wallet">
          <h3>{walletName(s)}</h3>
          <p className="acc-holds__available">
            Available now:{' '}
            <strong data-testid={`holds-available-${s.wallet_type}`}>{formatMoney(s.available_now)}</strong>
          </p>
          {s.holds.length > 0 ? (
            <HoldItems holds={s.holds} testId={`holds-${s.wallet_type}`} />
          ) : (
            <p className="acc-muted">Nothing is held: all of this wallet can be withdrawn now.</p>
          )}
        </div>
      ))}
    </section>
  );
}
