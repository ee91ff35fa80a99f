// Tests only: small fake builds (what Rspack leaves in dist/) to publish without building.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SharedDependency } from './types';

export const SHARED: SharedDependency[] = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'mobx', version: '7.1.3', requiredVersion: '^7.1.3', singleton: true },
  { name: '@giftlane/shared-sdk', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

export function withShared(overrides: Partial<Record<string, Partial<SharedDependency>>>): SharedDependency[] {
  return SHARED.map((s) => ({ ...s, ...overrides[s.name] }));
}

/** A dist folder with an mf-manifest.json listing `shared`, a remote entry, a chunk and (shell) an HTML page. */
export async function fakeDist(label: string, shared: SharedDependency[] = SHARED): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gl-dist-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: label, name: label, shared }));
  await writeFile(path.join(dir, 'remoteEntry.js'), `window.__entry = ${JSON.stringify(label)};`.repeat(20));
  await writeFile(path.join(dir, 'main.0123abcd.js'), `console.log(${JSON.stringify(label)});`);
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><meta name="gl-head"></head><body ` +
      `data-build="${label}"><script defer src="{{SHELL_BASE}}/main.0123abcd.js"></script></body></html>`,
  );
  await writeFile(path.join(dir, 'mounts.json'), JSON.stringify([{ path: `/${label}`, layout: 'app' }]));
  return dir;
}
