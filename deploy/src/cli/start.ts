// `npm start`: build what changed, publish each app's build to the local release store, point
// the `local` environment at them, start the api on its embedded database and the edge server.
import { APPS } from '../apps';
import { buildApps } from '../build';
import { ReleaseStore, type ReleaseInfo } from '../release-store';
import { mountsOf } from '../releases';
import { buildEdge } from '../edge/server';
import { actor } from '../version';

async function startApi(): Promise<{ url: string; close: () => Promise<void> } | undefined> {
  if (process.env.API_URL) return { url: process.env.API_URL, close: async () => undefined };
  try {
    const api = (await import('@giftlane/api/start')) as {
      startApi: (o: { port: number; host: string; env?: Record<string, string> }) => Promise<{ url: string; close: () => Promise<void> }>;
    };
    // Card images are uploaded and shown through the edge: same origin, so the CSP's 'self' covers
    // the presigned PUT and the <img> whether the site is opened as localhost or 127.0.0.1.
    return await api.startApi({ port: Number(process.env.API_PORT ?? 3001), host: '127.0.0.1', env: { PUBLIC_URL: process.env.PUBLIC_URL ?? '/' } });
  } catch (error) {
    console.error('[start] the api did not start; /gc will answer that the service is unavailable.', error);
    return undefined;
  }
}

async function main() {
  const env = process.env.GL_ENV ?? 'local';
  if (process.env.SKIP_BUILD !== '1') buildApps();
  const store = new ReleaseStore();
  // Local start publishes content-hashed versions (an unchanged build is not stored again, an
  // uncommitted change still gets its own version) and points the environment at them.
  const published: Record<string, ReleaseInfo> = {};
  for (const info of APPS) {
    const { version, created, info: release } = await store.publish(info.app);
    if (created) console.log(`published ${info.app} ${version}`);
    published[info.app] = release;
  }
  await store.updateEnvironment(env, (file) => {
    let changed = false;
    for (const [app, release] of Object.entries(published)) {
      const slot = file.apps[app];
      const mounts = mountsOf(release);
      if (slot?.version === release.version && JSON.stringify(slot.mounts) === JSON.stringify(mounts.mounts)) continue;
      if (slot?.version !== release.version) {
        file.history.push({ at: new Date().toISOString(), by: actor(), app, action: 'start', from: slot?.version, to: release.version });
      }
      file.apps[app] = { version: release.version, ...mounts };
      changed = true;
    }
    return changed ? file : undefined;
  });

  const api = await startApi();
  const edge = await buildEdge({ store, env, apiUrl: api?.url });
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  await edge.listen({ port, host });
  console.log(`GiftLane is running on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);

  const stop = async () => {
    await edge.close();
    await api?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
