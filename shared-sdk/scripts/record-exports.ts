// `npm run record-exports -w shared-sdk`: records the singleton's exports with the SDK's version in
// exports.json (see singleton-exports.ts). Run it after raising the version.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { singletonExports } from './singleton-exports.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { version: string };
const { createApiModules } = await import('../src/gc/client.ts');
// The client's methods are closures over a transport that this never calls.
const api = createApiModules({ transport: {} as never, local: () => 'NGN', device: () => ({}) as never });
const current = singletonExports(await import('../src/index.ts'), await import('../src/router.ts'), api);
writeFileSync(
  path.join(root, 'exports.json'),
  `${JSON.stringify({ version: pkg.version, exports: current }, null, 2)}\n`,
);
console.log(
  `exports.json: shared-sdk ${pkg.version}, ${current['.'].length} exports, ${current['./router'].length} from ` +
    `/router, ${current.api.length} api methods`,
);
