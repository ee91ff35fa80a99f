// `npm run dev`: the api, and every app on its own Rspack dev server with hot reload. The shell's
// dev server (http://localhost:8080) serves /remotes.json pointing at the remotes' dev servers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvironmentManifest, RemoteMount } from '@giftlane/shared-sdk';
import { APPS } from '../apps';
import { deploySettings } from '../settings';

const DEV_PORTS: Record<string, number> = {
  shell: 8080,
  'mfe-onboarding': 8091,
  'mfe-public': 8092,
  'mfe-account': 8093,
  'mfe-ops': 8094,
};
const apiPort = deploySettings().API_PORT;

const manifest: EnvironmentManifest = { env: 'dev', remotes: {} };
for (const info of APPS.filter((a) => a.kind === 'remote')) {
  manifest.remotes[info.federationName] = {
    version: 'dev',
    entry: `http://localhost:${DEV_PORTS[info.app]}/remoteEntry.js`,
    mounts: JSON.parse(readFileSync(path.join(info.dir, 'src/mounts.json'), 'utf8')) as RemoteMount[],
  };
}

const children: ChildProcess[] = [];
async function main() {
  const { startApi } = (await import('@giftlane/api/start')) as {
    startApi: (o: { port: number; host: string }) => Promise<{ url: string; close: () => Promise<void> }>;
  };
  const api = await startApi({ port: apiPort, host: '127.0.0.1' });
  for (const info of APPS) {
    const child = spawn('npx', ['rspack', 'serve'], {
      cwd: info.dir,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DEV_PORT: String(DEV_PORTS[info.app]),
        GL_DEV_REMOTES: JSON.stringify(manifest),
        GL_DEV_API: api.url,
      },
    });
    children.push(child);
  }
  console.log('GiftLane dev: http://localhost:8080 (api on %s)', api.url);
  const stop = async () => {
    for (const c of children) c.kill('SIGTERM');
    await api.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  for (const c of children) c.kill('SIGTERM');
  process.exit(1);
});
