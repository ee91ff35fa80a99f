import { createAppConfig } from '../tools/rspack/app-config.mjs';
import { createServerConfig } from '../tools/rspack/server-config.mjs';

const dir = import.meta.dirname;
export default [
  {
    ...createAppConfig({ dir, name: 'mfe_onboarding', exposes: { './routes': './src/routes.tsx' }, devPort: 8091 }),
    name: 'mfe_onboarding',
  },
  // The edge prerenders this remote's pages with it.
  createServerConfig({ dir, entry: './src/routes.tsx', after: 'mfe_onboarding' }),
];
