// /wallet: balances, what can leave now with every hold and limit on the rest, the way to the
// history, and the withdrawal form.
import { useState } from 'react';
import { Async, useData } from '@giftlane/shared-sdk';
import { Link } from '@giftlane/shared-sdk/router';
import { Balances } from '../features/wallet/balances';
import { fetchBalance } from '../features/wallet/api';
import { KycNotice } from '../features/verification/kyc-notice';
import { WithdrawPanel } from '../features/wallet/withdraw';
import { HoldsAndLimits } from '../features/wallet/holds';
import { RevealAfter, useAllSettled } from '../lib/reveal';
import { early } from '../lib/early';

const PARTS = ['kyc'] as const;

export default function WalletPage() {
  const balance = useData(() => early('balance', fetchBalance), []);
  // A withdrawal changes what is left today: the verification note is read again after one.
  const [withdrawals, setWithdrawals] = useState(0);
  // What is below the balances appears once they and the verification note know their size.
  const parts = useAllSettled(PARTS);
  return (
    <section className="acc-page" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading" style={{ margin: 0 }}>
        Your balances
      </h2>
      <Async state={balance} what="your balances" lines={4}>
        {(b) => (
          <>
            <Balances balance={b} />
            {b.standing && <HoldsAndLimits standing={b.standing} />}
          </>
        )}
      </Async>
      <RevealAfter ready={parts.all && balance.status !== 'loading'}>
        <KycNotice key={withdrawals} onSettled={parts.settle('kyc')} />
        <div className="acc-actions">
          <Link className="gl-btn gl-btn--primary" to="/wallet/history">
            Wallet history
          </Link>
          <Link className="gl-btn" to="/homes/sell-gift-card">
            Sell a gift card
          </Link>
        </div>
        <WithdrawPanel
          onDone={() => {
            balance.retry();
            setWithdrawals((n) => n + 1);
          }}
        />
      </RevealAfter>
    </section>
  );
}
