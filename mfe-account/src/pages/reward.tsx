// /wallet/reward — the referral programme for the signed-in seller: the reward wallet, the invite
// link to share and what each friend's sale earns, the friends who joined, and the reward history.
import { useId, useRef, useState } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  Loading,
  LoadError,
  PRODUCT_NAME,
  useData,
  type InvitedUser,
  type InviteInfo,
  type Money,
  type RebateItem,
} from '@giftlane/shared-sdk';
import { PagedFooter, usePaged, type Paged } from '../lib/paged';
import { SignedChange } from '../lib/signed-change';
import { friendsPage, loadRewardSummary, rewardsPage } from '../features/rewards/api';

const PAGE_SIZE = 20;
const show = (m: Money | undefined) => (m ? formatMoney(m) : '–');
/** Rebate times arrive as `YYYY-MM-DD HH:mm:ss` in UTC, dates as `YYYY-MM-DD` (a UTC calendar day). */
const utcSeconds = (text: string) =>
  Math.floor(Date.parse(`${text.replace(' ', 'T')}${text.length > 10 ? '' : 'T00:00:00'}Z`) / 1000);

export default function RewardPage() {
  const summary = useData(loadRewardSummary, []);
  // The threshold comes with the reward wallet; inviteinfo carries it too.
  const threshold =
    summary.status === 'ready'
      ? (summary.data.wallet.transfer_rebate ?? summary.data.invite.transfer_rebate)
      : undefined;
  const friends = usePaged<InvitedUser>(friendsPage, PAGE_SIZE, []);
  const history = usePaged<RebateItem>(rewardsPage, PAGE_SIZE, []);

  return (
    <div className="acc-page">
      {summary.status === 'loading' && <Loading label="Loading your rewards…" lines={3} />}
      {summary.status === 'error' && <LoadError error={summary.error} retry={summary.retry} what="your rewards" />}
      {summary.status === 'ready' && (
        <>
          <section aria-labelledby="reward-balance">
            <h2 id="reward-balance">Your rewards</h2>
            <dl className="acc-stats">
              <div className="acc-stat acc-stat--main">
                <dt>Reward balance</dt>
                <dd data-testid="reward-balance">
                  {show(summary.data.wallet.rebate_amount)}
                  {threshold && threshold.amount_minor > 0n && (
                    <small>Moves to your cash wallet at {formatMoney(threshold)}</small>
                  )}
                </dd>
              </div>
              <div className="acc-stat">
                <dt>Earned so far</dt>
                <dd data-testid="reward-total">{show(summary.data.wallet.rebate_total_amount)}</dd>
              </div>
              <div className="acc-stat">
                <dt>Friends invited</dt>
                <dd>
                  {summary.data.invite.invite_friends ?? 0}
                  <small>{summary.data.invite.success_order_user ?? 0} earning you rewards</small>
                </dd>
              </div>
            </dl>
            <p className="acc-muted">
              Rewards moved to your cash wallet show in your <Link to="/wallet/history">wallet history</Link> and can be
              withdrawn like any other money.
            </p>
          </section>
          <InviteCard invite={summary.data.invite} />
        </>
      )}
      <FriendList friends={friends} />
      <RewardHistory history={history} />
    </div>
  );
}

function InviteCard({ invite }: { invite: InviteInfo }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<string | undefined>();
  const link = `${window.location.origin}${
    invite.invite_link || `/sign-up?code=` + `${encodeURIComponent(invite.invite_code)}`
  }`;
  const message =
    `I sell my gift cards on ${PRODUCT_NAME} and get paid in naira or cedis, fast. Join with my link: ` + `${link}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied.');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied('Your phone did not let us copy: the link is selected, copy it from there.');
    }
  };
  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invite friends</h2>
      <p style={{ margin: 0 }}>
        Share your link. When a friend who joined with it sells a gift card of at least{' '}
        {show(invite.recommend_enough_amount)}, you earn <strong>{show(invite.friend_amount)}</strong> for that sale —
        and {show(invite.register_amount)} more on their first one. No limit, for as long as they keep selling.
      </p>
      <div className="acc-field">
        <label htmlFor={`${id}-link`}>Your invite link</label>
        {/* A read-only text area rather than an input: the whole link shows, wrapped, on a narrow phone. */}
        <textarea
          id={`${id}-link`}
          ref={field}
          className="acc-invite-link"
          readOnly
          rows={2}
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <span className="acc-field__hint">
          Your code:{' '}
          <strong className="acc-code" data-testid="invite-code">
            {invite.invite_code}
          </strong>
        </span>
      </div>
      <div className="acc-actions">
        <button type="button" className="gl-btn gl-btn--primary" onClick={() => void copy()}>
          Copy link
        </button>
        <a
          className="gl-btn"
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share on WhatsApp
        </a>
        {/* Always in the page (empty until a copy), so screen readers announce the text when it appears. */}
        <p role="status" className="acc-muted" style={{ margin: 0 }}>
          {copied}
        </p>
      </div>
    </section>
  );
}

function FriendList({ friends }: { friends: Paged<InvitedUser> }) {
  const id = useId();
  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your friends</h2>
      {friends.items.length > 0 && (
        <ul className="acc-list" aria-label="Friends who joined with your link">
          {friends.items.map((f) => (
            <li key={f.user_id} className="acc-item acc-item--plain">
              <div className="acc-item__main">
                <div className="acc-row">
                  <span className="acc-item__title">{f.username}</span>
                  <span className="acc-amount">{formatMoney(f.amount)}</span>
                </div>
                <div className="acc-row">
                  <span className="acc-muted">
                    Joined {formatDate(utcSeconds(f.register_date), { timeZone: 'UTC' })}
                  </span>
                  {f.eligible === false ? (
                    <span
                      className="acc-badge acc-badge--pending"
                      title="Sales of an account linked to yours earn no reward"
                    >
                      Not eligible
                    </span>
                  ) : (
                    <span className={`acc-badge acc-badge--${f.status ? 'success' : 'pending'}`}>
                      {f.status ? 'Earning rewards' : 'No sale yet'}
                    </span>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PagedFooter list={friends} what="your friends" empty="No friends yet. Share your link to start earning." />
    </section>
  );
}

function RewardHistory({ history }: { history: Paged<RebateItem> }) {
  const id = useId();
  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reward history</h2>
      {history.items.length > 0 && (
        <ul className="acc-list" aria-label="Reward entries">
          {history.items.map((e) => {
            const credit = e.money.amount_minor > 0n;
            return (
              <li key={String(e.log_id)} className="acc-item acc-item--plain">
                <div className="acc-item__main">
                  <div className="acc-row">
                    <span className="acc-item__title acc-item__title--wrap">{e.name}</span>
                    <SignedChange credit={credit} text={formatMoney(e.money)} />
                  </div>
                  <div className="acc-row">
                    <span className="acc-muted">
                      {formatDateTime(utcSeconds(e.create_time))}
                      {e.from_get ? ` · from ${e.from_get}` : ''}
                    </span>
                    {e.after_balance && <span className="acc-muted">Balance {formatMoney(e.after_balance)}</span>}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PagedFooter
        list={history}
        what="your reward history"
        empty="No rewards yet. They appear here when a friend you invited sells a gift card."
      />
    </section>
  );
}
