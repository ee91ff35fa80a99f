import { createAppConfig } from '../tools/rspack/app-config.mjs';
import { createServerConfig } from '../tools/rspack/server-config.mjs';
import { createWorkerConfig } from '../tools/rspack/worker-config.mjs';

export default [
  { ...createAppConfig({ dir: import.meta.dirname, name: 'shell', html: true, devPort: 8080 }), name: 'shell' },
  createWorkerConfig({ dir: import.meta.dirname, after: 'shell' }),
  createServerConfig({ dir: import.meta.dirname, entry: './src/server.tsx', after: 'shell', providesShared: true }),
];
