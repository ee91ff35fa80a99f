// The seller's VIP level and the way to the next one, from the one session store (the navbar's
// badge reads the same): on the dashboard with a link to the VIP page, and at the top of that page.
import { observer } from 'mobx-react-lite';
import { Link } from '@giftlane/shared-sdk/router';
import { useStores } from '@giftlane/shared-sdk';

export const VipProgress = observer(function VipProgress({
  link = true,
  headingId = 'vip-h',
}: {
  link?: boolean;
  headingId?: string;
}) {
  const { user, vip } = useStores();
  const level = vip.vipLevel ?? user.vipLevel ?? 0;
  const exp = vip.vipExp ?? 0;
  const next = vip.nextExp ?? 0;
  const pct = Math.round((vip.progress ?? (next > 0 ? 0 : 1)) * 100);
  const toGo = Math.max(0, next - exp);
  return (
    <section className="acc-card" aria-labelledby={headingId}>
      <div className="acc-row">
        <h2 id={headingId}>VIP level {level}</h2>
        {link && (
          <Link className="acc-link" to="/homes/vip">
            VIP benefits
          </Link>
        )}
      </div>
      <div
        className="acc-progress"
        role="progressbar"
        aria-label="Progress to the next VIP level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="acc-muted" style={{ marginBottom: 0 }}>
        {next > exp
          ? `${exp.toLocaleString('en-GB')} of ${next.toLocaleString('en-GB')} points: ` +
            `${toGo.toLocaleString('en-GB')} more to the next level. Higher levels add a bonus to every rate.`
          : 'You are at the top level.'}
      </p>
    </section>
  );
});
