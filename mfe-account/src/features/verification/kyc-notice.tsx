// What the dashboard and the wallet say about the verification level: that withdrawing
// needs it, when a balance is more than the level lets out today, and when a balance has passed the
// level's threshold — the money stays the seller's; the way up is offered.
import { Link } from '@giftlane/shared-sdk/router';
import { useData, type KycStatus } from '@giftlane/shared-sdk';
import { loadKyc } from './api';
import { useSettled } from '../../lib/reveal';
import { early } from '../../lib/early';

export function kycNotes(s: KycStatus): string[] {
  if (!s.offered) return [];
  const notes: string[] = [];
  for (const w of s.wallets) {
    if (!w.above_remaining_today) continue;
    if (s.level === 0) notes.push(`You have ${w.balance}. Verify your identity to withdraw it: it takes a minute.`);
    else
      notes.push(
        `Your ${w.currency} balance, ${w.balance}, is more than you can withdraw today at level ${s.level} ` +
          `(${w.remaining_today} left today).`,
      );
  }
  for (const w of s.wallets) {
    if (w.above_threshold)
      notes.push(
        `Your ${w.currency} balance is above ${w.balance_threshold}, the most level ${s.level} is meant to hold. It ` +
          `is safe and yours; verify to level ${s.level + 1} to keep withdrawing freely.`,
      );
  }
  return notes;
}

export function KycNotice({ onSettled }: { onSettled?: () => void }) {
  const data = useData(() => early('kyc', loadKyc), []);
  useSettled(data.status === 'loading', onSettled);
  if (data.status !== 'ready') return null;
  const notes = kycNotes(data.data);
  if (!notes.length) return null;
  return (
    <div className="acc-note acc-note--warn" data-testid="kyc-notice">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
      {data.data.level < 3 && (
        <Link className="acc-link" to="/settings#verification">
          {data.data.level === 0 ? 'Verify now' : `Go to level ${data.data.level + 1}`}
        </Link>
      )}
    </div>
  );
}
