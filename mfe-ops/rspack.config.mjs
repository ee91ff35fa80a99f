import { createAppConfig } from '../tools/rspack/app-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mfe_ops',
  exposes: { './routes': './src/routes.tsx' },
  devPort: 8094,
});
