import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config/env.js';
import { buildApp, serverOptions } from './app.js';
import { surviveStrayRejections } from './lib/process-guard.js';

/** `npm start`: the api on API_HOST:API_PORT, closed gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = Fastify(serverOptions(config));
  surviveStrayRejections(app.log);
  await app.register(buildApp(config));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; new connections are refused; then the database closes.
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { db: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` },
    `${config.productName} api ready`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
