import { Link } from '@giftlane/shared-sdk/router';
import { observer } from 'mobx-react-lite';
import { greetingName, useStores, NAMED_ROUTES, vipBadgeLevel } from '@giftlane/shared-sdk';

/** VIP levels 1–5 each have their own badge; any other level, 0 included, the default badge. */
const BADGE_COLORS: Record<string, string> = {
  default: '#8a94a6',
  '1': '#b87333',
  '2': '#9ea7b3',
  '3': '#d4a017',
  '4': '#3aa6b9',
  '5': '#7b4fd6',
};

export function VipBadge({ level }: { level: number | undefined }) {
  const badge = String(vipBadgeLevel(level ?? 0));
  const label = badge === 'default' ? 'VIP' : `VIP ${badge}`;
  return (
    <Link
      to="/homes/vip"
      className="gl-vip"
      data-badge={badge}
      data-tour="reward-center"
      aria-label={`${label}: see VIP rewards`}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill={BADGE_COLORS[badge]} />
      </svg>
      <span>{label}</span>
    </Link>
  );
}

export const Navbar = observer(function Navbar() {
  const store = useStores();
  const unread = store.notices.unreadCount;
  const avatar = store.user.avatar;
  return (
    <div className="gl-navbar">
      <VipBadge level={store.user.vipLevel} />
      <Link
        to={NAMED_ROUTES.Notification}
        className="gl-bell"
        data-tour="notification"
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        {unread > 0 && (
          <span className="gl-bell__count" data-testid="unread-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
      <Link to="/settings" className="gl-avatar" aria-label="Settings">
        {avatar ? (
          <img src={avatar} alt="" width="32" height="32" />
        ) : (
          <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" data-testid="default-avatar">
            <circle cx="16" cy="16" r="16" fill="#e3ebe8" />
            <circle cx="16" cy="13" r="5" fill="#8a94a6" />
            <path d="M7 26a9 9 0 0 1 18 0" fill="#8a94a6" />
          </svg>
        )}
      </Link>
      <span className="gl-greeting">Hi, {greetingName(store.user.nickname)}</span>
    </div>
  );
});
