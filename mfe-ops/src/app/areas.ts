// The console's areas in one table: where each one lives under /ops, which roles may open it (an admin opens every
// one), and its name in the navigation. The routes gate each area by these roles before its page mounts, so a role
// that may not open an area sends none of its requests; the navigation lists the areas the signed-in role opens.
// No static imports beyond types: the routes module loads it before any area's chunk.
import type { ComponentType } from 'react';
import type { Role } from '../lib/api';

export interface Area {
  /** Under /ops ('' is /ops itself). */
  path: string;
  roles: Role[];
  /** Its name in the navigation; an area reached from another (an order, a case) has none. */
  label?: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const AREAS: Area[] = [
  { path: '', label: 'Review queue', roles: ['reviewer'], load: () => import('../pages/queue') },
  { path: 'orders/:orderNo', roles: ['reviewer'], load: () => import('../pages/review') },
  { path: 'approvals', label: 'Approvals', roles: ['reviewer'], load: () => import('../pages/approvals') },
  { path: 'appeals', label: 'Appeals', roles: ['reviewer'], load: () => import('../pages/appeals') },
  { path: 'appeals/:appealNo', roles: ['reviewer'], load: () => import('../pages/appeal') },
  { path: 'kyc', label: 'Identity checks', roles: ['reviewer'], load: () => import('../pages/kyc') },
  { path: 'kyc/:id', roles: ['reviewer'], load: () => import('../pages/kyc-review') },
  { path: 'cases', label: 'Cases', roles: ['reviewer', 'finance'], load: () => import('../pages/cases') },
  { path: 'cases/:caseNo', roles: ['reviewer', 'finance'], load: () => import('../pages/case') },
  { path: 'payouts', label: 'Payouts', roles: ['finance'], load: () => import('../pages/payouts') },
  { path: 'rails', label: 'Payout rails', roles: ['finance'], load: () => import('../pages/rails') },
  { path: 'rates', label: 'Rates', roles: ['reviewer', 'finance'], load: () => import('../pages/rates') },
  { path: 'users', label: 'Users', roles: ['reviewer', 'finance'], load: () => import('../pages/users') },
  { path: 'users/:id', roles: ['reviewer', 'finance'], load: () => import('../pages/user') },
  { path: 'coupons', label: 'Coupons', roles: [], load: () => import('../pages/coupons') },
  { path: 'channels', label: 'Official channels', roles: [], load: () => import('../pages/channels') },
  { path: 'audit', label: 'Audit log', roles: [], load: () => import('../pages/audit') },
  { path: 'dead-letters', label: 'Dead letters', roles: ['finance'], load: () => import('../pages/dead-letters') },
  { path: 'releases', label: 'Releases', roles: ['release_manager'], load: () => import('../pages/releases') },
  { path: 'admin', label: 'Staff and ledger', roles: [], load: () => import('../pages/admin') },
];

/** An area's address: /ops, /ops/payouts. */
export const areaHref = (a: Area) => (a.path ? `/ops/${a.path}` : '/ops');
