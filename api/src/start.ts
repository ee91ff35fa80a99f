import Fastify from 'fastify';
import { loadConfig, type Config } from './config/env.js';
import { buildApp, serverOptions, type AppDeps } from './app.js';
import { surviveStrayRejections } from './lib/process-guard.js';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  logLevel?: Config['logLevel'];
  /** Any other setting, as environment variables would give it. */
  env?: Record<string, string | undefined>;
  /** Release control over the release store beside this api (deploy passes it; api/src/modules/releases/control.ts). */
  releases?: AppDeps['releases'];
}

export interface RunningApi {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * Starts the api in this process (the edge server and the e2e suite use it): config from the
 * environment, overridden by the options. Port 0 picks a free port; the url says which.
 */
export async function startApi(opts: StartOptions = {}): Promise<RunningApi> {
  const base = loadConfig({ ...process.env, ...opts.env });
  const config: Config = {
    ...base,
    port: opts.port ?? base.port,
    host: opts.host ?? base.host,
    dataDir: opts.dataDir ?? base.dataDir,
    databaseUrl: opts.databaseUrl ?? base.databaseUrl,
    redisUrl: opts.redisUrl ?? base.redisUrl,
    smtpUrl: opts.smtpUrl ?? base.smtpUrl,
    logLevel: opts.logLevel ?? base.logLevel,
  };
  const app = Fastify(serverOptions(config));
  surviveStrayRejections(app.log);
  await app.register(buildApp(config, { releases: opts.releases }));
  const address = await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: address.replace('[::1]', 'localhost'),
    port,
    close: () => app.close(),
  };
}
