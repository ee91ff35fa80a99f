// The operator console under /ops, in its own frame (the shell's bare layout). Staff only:
// visitors never load this remote (the shell loads it on the first navigation into /ops), and each
// area is its own chunk.
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import './styles/ops.css';

type PageLoader = Parameters<typeof lazyPage>[0];
const area = (path: string, load: PageLoader) => ({ path, lazy: lazyPage(load) });

export const routes: RemoteRoute[] = [
  {
    path: '/ops',
    handle: { layout: 'bare', protected: false },
    lazy: async () => ({ Component: (await import('./app/console')).Console }),
    children: [
      { index: true, lazy: lazyPage(() => import('./pages/home')) },
      area('orders/:orderNo', () => import('./pages/review')),
      area('approvals', () => import('./pages/approvals')),
      area('appeals', () => import('./pages/appeals')),
      area('appeals/:appealNo', () => import('./pages/appeal')),
      area('kyc', () => import('./pages/kyc')),
      area('kyc/:id', () => import('./pages/kyc-review')),
      area('cases', () => import('./pages/cases')),
      area('cases/:caseNo', () => import('./pages/case')),
      area('payouts', () => import('./pages/payouts')),
      area('rails', () => import('./pages/rails')),
      area('rates', () => import('./pages/rates')),
      area('users', () => import('./pages/users')),
      area('users/:id', () => import('./pages/user')),
      area('coupons', () => import('./pages/coupons')),
      area('channels', () => import('./pages/channels')),
      area('audit', () => import('./pages/audit')),
      area('dead-letters', () => import('./pages/dead-letters')),
      area('releases', () => import('./pages/releases')),
      area('admin', () => import('./pages/admin')),
    ],
  },
];

const mod: RemoteRoutesModule = { routes };
export default mod;
