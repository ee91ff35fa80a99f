// An area's page behind its roles: the page mounts (and asks the api for anything) only for a role that may open it.
import type { ComponentType } from 'react';
import { Navigate } from '@giftlane/shared-sdk/router';
import { can, staffSession, type Role } from '../lib/api';
import { PageTitle } from '../lib/page';
import { AREAS, areaHref, type Area } from './areas';

/** An area this role may not open: said plainly (the api refuses it as well). */
export function Forbidden() {
  return (
    <>
      <PageTitle>Not open to your role</PageTitle>
      <p className="ops-empty">Your role cannot open this area.</p>
    </>
  );
}

/** The first area in the navigation this role opens: where /ops takes a role the review queue is not for. */
const firstArea = (role: Role) => AREAS.find((a) => a.label && a.path && can(role, ...a.roles));

/**
 * `Page` as the area shows it: to a role that may open the area, the page; at /ops, to another role, its first area
 * (a release manager lands on the releases); elsewhere, "Your role cannot open this area."
 */
export function gated(area: Area, Page: ComponentType): ComponentType {
  return function Gated() {
    const role = staffSession.get()?.role;
    if (!role) return null;
    if (can(role, ...area.roles)) return <Page />;
    const home = area.path === '' ? firstArea(role) : undefined;
    return home ? <Navigate to={areaHref(home)} replace /> : <Forbidden />;
  };
}
