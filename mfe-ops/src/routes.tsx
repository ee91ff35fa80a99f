// The operator console under /ops, in its own frame (the shell's bare layout). Staff only:
// visitors never load this remote (the shell loads it on the first navigation into /ops), and each
// area is its own chunk, behind its roles (app/areas.ts).
import { lazyPage, type RemoteRoute, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import { AREAS, type Area } from './app/areas';
import './styles/ops.css';

/** An area's page with its gate, loaded together when the area is first opened. */
const load = (a: Area) => async () => {
  const [page, gate] = await Promise.all([a.load(), import('./app/gate')]);
  return { default: gate.gated(a, page.default) };
};

export const routes: RemoteRoute[] = [
  {
    path: '/ops',
    handle: { layout: 'bare', protected: false },
    lazy: async () => ({ Component: (await import('./app/console')).Console }),
    children: AREAS.map((a) =>
      a.path ? { path: a.path, lazy: lazyPage(load(a)) } : { index: true, lazy: lazyPage(load(a)) },
    ),
  },
];

const mod: RemoteRoutesModule = { routes };
export default mod;
