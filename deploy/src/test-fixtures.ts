// Tests only: small fake builds (what Rspack leaves in dist/) to publish without building.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SharedDependency } from './types';
import { APP_ID, APP_KEY, APP_VERSION } from '@giftlane/shared-sdk/config';
import { computeSign } from '@giftlane/shared-sdk/sign';
import { API_BEHIND_EDGE } from './edge/server';

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

/**
 * The real api in this process, as the edge expects it behind itself (its host, trusting the edge's
 * address): on PGlite in `dir` unless a PostgreSQL `databaseUrl` is given, without Redis.
 */
export async function apiBehindEdge(
  dir: string,
  o: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const { startApi } = (await import('@giftlane/api/start')) as {
    startApi: (o: {
      port: number;
      host: string;
      databaseUrl?: string;
      dataDir?: string;
      logLevel?: 'silent';
      env?: Record<string, string>;
    }) => Promise<{ url: string; close: () => Promise<void> }>;
  };
  return startApi({
    port: 0,
    host: API_BEHIND_EDGE.host,
    databaseUrl: o.databaseUrl,
    dataDir: path.join(dir, 'data'),
    logLevel: 'silent',
    env: {
      ...API_BEHIND_EDGE.env,
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: 'http://127.0.0.1',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      REDIS_URL: '',
      ...(o.databaseUrl ? {} : { DATABASE_URL: '' }),
      ...o.env,
    },
  });
}

/** A `/gc` form body signed as the web app signs it. */
export function signedForm(fields: Record<string, string>): string {
  const all: Record<string, string> = { ...fields, appid: APP_ID, app_version: APP_VERSION };
  all.sign = computeSign(all, APP_KEY);
  return new URLSearchParams(all).toString();
}
