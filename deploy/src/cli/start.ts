// `npm start`: build what changed, publish each app's build to the local release store, point
// the `local` environment at them, start the api on its embedded database and the edge server.
import { APPS } from '../apps';
import { buildApps } from '../build';
import { ReleaseStore, type ReleaseInfo } from '../release-store';
import { mountsOf } from '../releases';
import { API_BEHIND_EDGE, buildEdge } from '../edge/server';
import { DeploySettingsError, deploySettings, type DeploySettings } from '../settings';
import { actor } from '../version';
import { releaseControl } from '../release-control';
import type { ReleaseControl } from '@giftlane/api/releases';

async function startApi(
  s: DeploySettings,
  publicOrigin: string,
  releases: ReleaseControl,
): Promise<{ url: string; close: () => Promise<void> } | undefined> {
  if (s.API_URL) return { url: s.API_URL, close: async () => undefined };
  try {
    const api = (await import('@giftlane/api/start')) as {
      startApi: (o: {
        port: number;
        host: string;
        env?: Record<string, string>;
        releases?: ReleaseControl;
      }) => Promise<{ url: string; close: () => Promise<void> }>;
    };
    // Card images are uploaded and shown through the edge, at absolute URLs on its own origin (a
    // phone PUTs to the URL as given); the site is opened at that origin, so the CSP's 'self' covers them.
    // The api listens on loopback only and believes X-Forwarded-For from exactly this edge
    // (127.0.0.1), which sets it from the connection it received.
    return await api.startApi({
      port: s.API_PORT,
      host: API_BEHIND_EDGE.host,
      env: { PUBLIC_ORIGIN: publicOrigin, ...API_BEHIND_EDGE.env },
      // The console's release dashboard and the canary check act on the environment this edge serves.
      releases,
    });
  } catch (error) {
    // Settings the api refuses (e.g. production without a provider or with a weak SECRET_KEY): do
    // not serve the site without it; say what to fix.
    if (error instanceof Error && error.name === 'ConfigError') {
      console.error(`[start] ${error.message}`);
      process.exit(1);
    }
    console.error('[start] the api did not start; /gc will answer that the service is unavailable.', error);
    return undefined;
  }
}

async function main() {
  const s = deploySettings();
  const env = s.GL_ENV;
  if (!s.SKIP_BUILD) buildApps();
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
        file.history.push({
          at: new Date().toISOString(),
          by: actor(),
          app,
          action: 'start',
          from: slot?.version,
          to: release.version,
        });
      }
      file.apps[app] = { version: release.version, ...mounts };
      changed = true;
    }
    return changed ? file : undefined;
  });

  const { PORT: port, HOST: host } = s;
  const origin = s.PUBLIC_ORIGIN?.replace(/\/+$/, '') ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  const api = await startApi(s, origin, releaseControl(store, [env]));
  const edge = await buildEdge({ store, env, apiUrl: api?.url });
  await edge.listen({ port, host });
  console.log(`GiftLane is running on ${origin}`);
  const metrics = edge.edgeMetrics.listener;
  if (metrics) console.log(`Edge metrics (operators only): http://${s.EDGE_METRICS_HOST}:${metrics.port}/metrics`);
  const mode = s.NODE_ENV;
  if (mode === 'production') console.log('Mode: production.');
  else {
    console.log(
      `Mode: ${mode} — not for real users: no e-mail or WhatsApp is sent unless SMTP_URL / WHATSAPP_* are set.`,
    );
    if (api && !s.API_URL)
      console.log(
        `One-time codes and messages: the dev outbox at ${api.url}/__dev/outbox (the api's own loopback port; never ` +
          `served by the site).`,
      );
  }

  const stop = async () => {
    await edge.close();
    await api?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  // Wrong settings: the list of problems, not a stack.
  console.error(error instanceof DeploySettingsError ? error.message : error);
  process.exit(1);
});
