// /wallet/history
import { Link } from '@giftlane/shared-sdk/router';
import { WalletHistory } from '../features/wallet/history';

export default function WalletHistoryPage() {
  return (
    <section className="acc-page" aria-labelledby="history-heading">
      <p style={{ margin: 0 }}>
        <Link className="acc-link" to="/wallet">
          ← Wallet
        </Link>
      </p>
      <h2 id="history-heading" style={{ margin: 0 }}>
        Wallet history
      </h2>
      <WalletHistory />
    </section>
  );
}
