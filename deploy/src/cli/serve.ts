// The edge server alone (production): serves the environment GL_ENV from the release store, with
// no build and no publish. `npm start` is this plus a local build, publish and api.
import { buildEdge } from '../edge/server';
import { openStore } from '../store/open-store';

async function main() {
  const edge = await buildEdge({ store: openStore(), apiUrl: process.env.API_URL, logger: process.env.EDGE_LOG === '1' });
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  await edge.listen({ port, host });
  console.log(`edge serving ${process.env.GL_ENV ?? 'local'} on http://${host}:${port}`);
  const stop = async () => {
    await edge.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
