// The deployable apps: their folders, federation names and what each owns.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

export interface AppInfo {
  /** Workspace folder, also the app's name in the release store. */
  app: string;
  /** Module Federation name (snake_case). */
  federationName: string;
  kind: 'shell' | 'remote';
  dir: string;
}

export const APPS: AppInfo[] = [
  { app: 'shell', federationName: 'shell', kind: 'shell' },
  { app: 'mfe-onboarding', federationName: 'mfe_onboarding', kind: 'remote' },
  { app: 'mfe-public', federationName: 'mfe_public', kind: 'remote' },
  { app: 'mfe-account', federationName: 'mfe_account', kind: 'remote' },
  { app: 'mfe-ops', federationName: 'mfe_ops', kind: 'remote' },
].map((a) => ({ ...a, kind: a.kind as AppInfo['kind'], dir: path.join(ROOT_DIR, a.app) }));

export function appInfo(app: string): AppInfo {
  const found = APPS.find((a) => a.app === app || a.federationName === app);
  if (!found) throw new Error(`Unknown app "${app}". Apps: ${APPS.map((a) => a.app).join(', ')}`);
  return found;
}

export function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
