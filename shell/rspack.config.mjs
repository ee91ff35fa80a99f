import { createAppConfig } from '../tools/rspack/app-config.mjs';

export default createAppConfig({ dir: import.meta.dirname, name: 'shell', html: true, devPort: 8080 });
