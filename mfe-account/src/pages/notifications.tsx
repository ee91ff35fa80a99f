// /notification — every notice (finder/allNotice, 20 a page), unread ones marked; opening one
// marks it read (finder/readNotice) and follows its link when it has one (CONTRACT §6.10).
import { useState } from 'react';
import { useNavigate } from '@giftlane/shared-sdk/router';
import { formatDateTime, type Notice } from '@giftlane/shared-sdk';
import { PagedFooter, usePaged } from '../lib/paged';
import { markAllRead, markRead, noticesPage } from '../features/notices/api';

const PAGE_SIZE = 20;
const isUnread = (n: Notice) => !!n.notice_new && n.notice_new !== '0';

/** Where a notice leads inside the account area, if anywhere. */
export function noticeTarget(n: Notice): string | undefined {
  let params: Record<string, string>;
  try {
    params = n.notice_params ? (JSON.parse(n.notice_params) as Record<string, string>) : {};
  } catch {
    params = {};
  }
  switch (n.notice_action) {
    case 'app_orderdetail':
      return params.order_no ? `/order/${encodeURIComponent(params.order_no)}` : '/order';
    case 'app_orderlist':
      return '/order';
    case 'app_wallet':
    case 'app_withdrawlist':
    case 'app_withdrawdetail':
      return '/wallet/history';
    case 'app_sellcard':
      // A rate alert names its card: the sell form opens with it chosen.
      return params.card_id
        ? `/homes/sell-gift-card?card=${encodeURIComponent(params.card_id)}`
        : '/homes/sell-gift-card';
    case 'app_vip':
      return '/homes/vip';
    case 'app_coupon':
      return '/homes/coupon';
    case 'app_reward':
      return '/wallet/reward';
    case 'app_home':
      return '/homes';
    default:
      return n.notice_action?.startsWith('/') ? n.notice_action : undefined;
  }
}

export default function NotificationsPage() {
  const navigate = useNavigate();
  const list = usePaged<Notice>(noticesPage, PAGE_SIZE, []);
  const [read, setRead] = useState<Set<Notice['id']>>(new Set());

  const open = (n: Notice) => {
    if (isUnread(n) && !read.has(n.id)) {
      setRead((r) => new Set(r).add(n.id));
      markRead(n.id);
    }
    const to = noticeTarget(n);
    if (to) navigate(to);
  };

  const { items, status } = list;
  const unread = items.filter((n) => isUnread(n) && !read.has(n.id)).length;
  const [marking, setMarking] = useState<'idle' | 'busy' | 'failed'>('idle');

  /** Marks every notice read except security ones (the api keeps those unread until opened). */
  const markAll = async () => {
    setMarking('busy');
    try {
      const keep = await markAllRead();
      setRead((r) => {
        const next = new Set(r);
        for (const n of items) if (!keep.has(n.id)) next.add(n.id);
        return next;
      });
      setMarking('idle');
    } catch {
      setMarking('failed');
    }
  };
  return (
    <section className="acc-page" aria-labelledby="notices-heading">
      <div className="acc-row">
        <h2 id="notices-heading" style={{ margin: 0 }}>
          Notifications
        </h2>
        {status === 'ready' && (
          <span className="acc-actions">
            <span className="acc-muted" role="status">
              {unread ? `${unread} unread` : 'All read'}
            </span>
            {unread > 0 && (
              <button type="button" className="gl-btn" onClick={() => void markAll()} disabled={marking === 'busy'}>
                {marking === 'busy' ? 'Marking…' : 'Mark all as read'}
              </button>
            )}
          </span>
        )}
      </div>
      {marking === 'failed' && (
        <p className="acc-error-text" role="alert">
          Could not mark them read. Check your connection and try again.
        </p>
      )}
      {items.length > 0 && (
        <ul className="acc-list">
          {items.map((n) => {
            const fresh = isUnread(n) && !read.has(n.id);
            return (
              <li key={n.id}>
                <button
                  type="button"
                  className={`acc-item acc-item--plain${fresh ? ' acc-unread' : ''}`}
                  style={{ width: '100%', textAlign: 'left', font: 'inherit', cursor: 'pointer' }}
                  onClick={() => open(n)}
                >
                  <span className="acc-item__main">
                    <span className="acc-row">
                      <span className="acc-item__title acc-item__title--wrap">
                        {fresh && <span className="acc-dot" aria-hidden="true" />}
                        {fresh && <span className="acc-sr">Unread: </span>}
                        {n.notice_title}
                      </span>
                      <span className="acc-muted" style={{ fontWeight: 400 }}>
                        {formatDateTime(n.notice_time)}
                      </span>
                    </span>
                    <span style={{ fontWeight: 400 }}>{n.notice_content}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <PagedFooter
        list={list}
        what="your notifications"
        empty="No notifications yet. Every order and wallet event will show here."
      />
    </section>
  );
}
