// The signed-in account area (SPEC §2 protected routes). Titles follow SPEC §2's top-bar rule:
// /wallet/reward shows Wallet, and any path without its own title shows Home. Each page is its own
// chunk, loaded when the user opens it, so a page carries only what it shows. No antd: plain
// elements styled with the shared theme's CSS variables keep the account area small on costly data.
// A page's chunk is named after its route (`page~order~$orderNo`: `~` for `/`, `$` for `:`): the build lists
// each page's files by path (pages.json) and the edge preloads the one asked for with the HTML.
import { Navigate } from '@giftlane/shared-sdk/router';
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import { startEarly } from './lib/early';
import { fetchBalance, loadWithdraw } from './features/wallet/api';
import { fetchOrderPage, fetchOrders } from './features/orders/api';
import { loadKyc } from './features/verification/api';
import { loadFirstSteps } from './features/first-sale/api';
import { loadCatalog } from './features/sell/api';
import { readDraft } from './features/sell/draft';
// One stylesheet for the whole area, loaded with the routes: cached once, no flash per page.
import './styles/account.css';

type PageLoader = Parameters<typeof lazyPage>[0];

type Early = (params: Record<string, string | undefined>) => void;

const app = (path: string, title: string | undefined, load: PageLoader, name?: string, data?: Early): RemoteRoute => ({
  path,
  handle: { layout: 'app', protected: true, title, name },
  lazy: lazyPage(load),
  // The page's data, asked for while its code is on its way (lib/early.ts).
  ...(data && {
    loader: ({ params }) => {
      data(params);
      return null;
    },
    shouldRevalidate: () => false,
  }),
});

// What each page asks for first, by the keys its parts take the answers under.
const homeData: Early = () => {
  startEarly('balance', fetchBalance);
  startEarly('recent-orders', () => fetchOrders('all', 0, 3));
  startEarly('first-steps', loadFirstSteps);
  startEarly('kyc', loadKyc);
};
const walletData: Early = () => {
  startEarly('balance', fetchBalance);
  startEarly('kyc', loadKyc);
  startEarly('withdraw:1', () => loadWithdraw(1));
};
// The wallet the form opens on: the draft's (this tab's), else the local-currency wallet.
const sellData: Early = () => {
  const wallet = readDraft().walletType ?? 1;
  startEarly(`catalog:${wallet}`, () => loadCatalog(wallet));
};
const orderData: Early = ({ orderNo = '' }) => startEarly(`order:${orderNo}`, () => fetchOrderPage(orderNo));

const alias = (from: string, to: string): RemoteRoute => ({
  path: from,
  handle: { layout: 'app', protected: true },
  element: <Navigate to={to} replace />,
});

export const routes: RemoteRoute[] = [
  app('/homes', 'Home', () => import(/* webpackChunkName: "page~homes" */ './pages/home'), 'Home', homeData),
  app(
    '/homes/sell-gift-card',
    'Sell Gift Card',
    () => import(/* webpackChunkName: "page~homes~sell-gift-card" */ './pages/sell'),
    undefined,
    sellData,
  ),
  app('/homes/vip', 'VIP', () => import(/* webpackChunkName: "page~homes~vip" */ './pages/vip')),
  app('/homes/coupon', 'Discount Code', () => import(/* webpackChunkName: "page~homes~coupon" */ './pages/coupons')),
  app('/homes/cards', undefined, () => import(/* webpackChunkName: "page~homes~cards" */ './pages/cards')),
  app('/homes/help', 'Help', () => import(/* webpackChunkName: "page~homes~help" */ './pages/help')),
  app('/homes/help/ask', 'Help', () => import(/* webpackChunkName: "page~homes~help~ask" */ './pages/case-ask')),
  app(
    '/homes/help/cases/:caseNo',
    'Help',
    () => import(/* webpackChunkName: "page~homes~help~cases~$caseNo" */ './pages/case'),
  ),
  app('/order', 'Order', () => import(/* webpackChunkName: "page~order" */ './pages/orders')),
  app(
    '/order/:orderNo',
    'Order',
    () => import(/* webpackChunkName: "page~order~$orderNo" */ './pages/order-detail'),
    undefined,
    orderData,
  ),
  app('/wallet', 'Wallet', () => import(/* webpackChunkName: "page~wallet" */ './pages/wallet'), undefined, walletData),
  app(
    '/wallet/history',
    undefined,
    () => import(/* webpackChunkName: "page~wallet~history" */ './pages/wallet-history'),
  ),
  app('/wallet/reward', 'Wallet', () => import(/* webpackChunkName: "page~wallet~reward" */ './pages/reward')),
  app('/settings', 'Settings', () => import(/* webpackChunkName: "page~settings" */ './pages/settings')),
  app(
    '/notification',
    'Notification',
    () => import(/* webpackChunkName: "page~notification" */ './pages/notifications'),
    'Notification',
  ),
  // SPEC §2's other reading of the protected paths: keep the links working.
  alias('/home/sell-gift-card', '/homes/sell-gift-card'),
  alias('/home/vip', '/homes/vip'),
  alias('/home/coupon', '/homes/coupon'),
];

const mod: RemoteRoutesModule = { routes };
export default mod;
