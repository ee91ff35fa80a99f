import { useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { NavLink, Outlet } from '@giftlane/shared-sdk/router';
import { can, ops, staffSession, type Role } from '../lib/api';
import { PageTitle } from '../lib/page';
import { SignIn } from '../pages/sign-in';
import { ThemeRoot } from './theme-root';

const AREAS: { to: string; label: string; roles: Role[] }[] = [
  { to: '/ops', label: 'Review queue', roles: ['reviewer'] },
  { to: '/ops/approvals', label: 'Approvals', roles: ['reviewer'] },
  { to: '/ops/appeals', label: 'Appeals', roles: ['reviewer'] },
  { to: '/ops/kyc', label: 'Identity checks', roles: ['reviewer'] },
  { to: '/ops/cases', label: 'Cases', roles: ['reviewer', 'finance'] },
  { to: '/ops/payouts', label: 'Payouts', roles: ['finance'] },
  { to: '/ops/rails', label: 'Payout rails', roles: ['finance'] },
  { to: '/ops/rates', label: 'Rates', roles: ['reviewer', 'finance'] },
  { to: '/ops/users', label: 'Users', roles: ['reviewer', 'finance'] },
  { to: '/ops/coupons', label: 'Coupons', roles: [] },
  { to: '/ops/channels', label: 'Official channels', roles: [] },
  { to: '/ops/audit', label: 'Audit log', roles: [] },
  { to: '/ops/dead-letters', label: 'Dead letters', roles: ['finance'] },
  { to: '/ops/releases', label: 'Releases', roles: ['release_manager'] },
  { to: '/ops/admin', label: 'Staff and ledger', roles: [] },
];

/** The console's frame: the sign-in until a staff member is signed in, then the areas their role opens. */
export function Console() {
  const session = useSyncExternalStore(staffSession.subscribe, staffSession.get, () => null);
  if (!session) {
    return (
      <ThemeRoot>
        <SignIn />
      </ThemeRoot>
    );
  }
  const signOut = async () => {
    await ops()
      .auth.logout()
      .catch(() => undefined);
    staffSession.set(null, 'You signed out.');
  };
  return (
    <ThemeRoot>
      <div className="ops">
        <aside className="ops-side" aria-label="Console">
          <div className="ops-brand">GiftLane console</div>
          <nav>
            {AREAS.filter((a) => can(session.role, ...a.roles)).map((a) => (
              <NavLink
                key={a.to}
                to={a.to}
                end={a.to === '/ops'}
                className={({ isActive }) => `ops-nav${isActive ? ' is-active' : ''}`}
              >
                {a.label}
              </NavLink>
            ))}
          </nav>
        </aside>
        <div className="ops-main">
          <header className="ops-top">
            <span>
              {session.name} · <span className="ops-role">{session.role.replace('_', ' ')}</span>
            </span>
            <Button onClick={() => void signOut()}>Sign out</Button>
          </header>
          {/* The shell's bare layout is the page's one main landmark; this is the area inside it. */}
          <div className="ops-content" id="ops-content">
            <Outlet />
          </div>
        </div>
      </div>
    </ThemeRoot>
  );
}

/** An area this role may not open: said plainly (the api refuses it as well). */
export function Forbidden() {
  return (
    <>
      <PageTitle>Not open to your role</PageTitle>
      <p className="ops-empty">Your role cannot open this area.</p>
    </>
  );
}

export function RoleGate({ roles, children }: { roles: Role[]; children: React.ReactNode }) {
  const s = staffSession.get();
  return s && can(s.role, ...roles) ? <>{children}</> : <Forbidden />;
}
