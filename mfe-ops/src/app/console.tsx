import { useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { NavLink, Outlet } from '@giftlane/shared-sdk/router';
import { can, ops, staffSession } from '../lib/api';
import { SignIn } from '../pages/sign-in';
import { AREAS, areaHref } from './areas';
import { ThemeRoot } from './theme-root';

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
            {AREAS.filter((a) => a.label && can(session.role, ...a.roles)).map((a) => (
              <NavLink
                key={a.path}
                to={areaHref(a)}
                end={a.path === ''}
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
