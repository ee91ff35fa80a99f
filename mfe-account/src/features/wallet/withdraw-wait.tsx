// A pending withdrawal's live estimate: "About 20 min — 2 payouts ahead of yours", from the queue on
// its payout rail and the rail's recent payments, with what staff say when the rail is delayed.
import type { WithdrawEta } from '@giftlane/shared-sdk';
import { useLiveWait, waitText } from '../../lib/live-wait';
import { fetchWithdrawEtas } from './api';

export const withdrawWaitText = (e: WithdrawEta) => waitText(e, { one: 'payout', many: 'payouts' });

export function WithdrawWait({ withdrawNo }: { withdrawNo: string }) {
  const etas = useLiveWait(withdrawNo, () => fetchWithdrawEtas([withdrawNo]));
  const eta = etas?.[0];
  if (!eta || eta.finished) return null;
  return (
    <div className="acc-wait-box" data-testid="withdraw-eta" style={{ marginTop: 8 }}>
      <p className="acc-wait" aria-live="polite" style={{ margin: 0 }}>
        <strong>{withdrawWaitText(eta)}</strong>
      </p>
      <p className="acc-muted" style={{ margin: '4px 0 0' }}>
        {eta.rail_name ? `${eta.rail_name}: ` : ''}
        {eta.basis === 'recent'
          ? `payouts took about ${eta.typical_minutes} min lately.`
          : `payouts usually take about ${eta.typical_minutes} min.`}
      </p>
      {eta.rail_notice && (
        <p className="acc-rail-notice" style={{ marginTop: 6 }}>
          <strong>Payouts delayed:</strong> {eta.rail_notice}
        </p>
      )}
    </div>
  );
}
