// The edge server alone (production): serves the environment GL_ENV from the release store, with
// no build and no publish. `npm start` is this plus a local build, publish and api.
import { buildEdge } from '../edge/server';
import { DeploySettingsError, deploySettings } from '../settings';
import { openStore } from '../store/open-store';

async function main() {
  const s = deploySettings();
  const edge = await buildEdge({ store: openStore(), apiUrl: s.API_URL, logger: s.EDGE_LOG });
  await edge.listen({ port: s.PORT, host: s.HOST });
  console.log(`edge serving ${s.GL_ENV} on http://${s.HOST}:${s.PORT}`);
  const metrics = edge.edgeMetrics.listener;
  if (metrics) console.log(`edge metrics on http://${s.EDGE_METRICS_HOST}:${metrics.port}/metrics`);
  const stop = async () => {
    await edge.close();
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
