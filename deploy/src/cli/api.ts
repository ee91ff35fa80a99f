// The api with release control (production): the api's own entry (`npm start -w api`) plus the
// release store of RELEASE_DIR or RELEASE_S3_BUCKET, so the console's release dashboard and the
// canary check can act on the environment GL_ENV (RELEASING.md, "The release dashboard"). The api
// does not import the release tooling; this entry hands it the operations.
import { startApi } from '@giftlane/api/start';
import { releaseControl } from '../release-control';
import { DeploySettingsError, deploySettings } from '../settings';
import { openStore } from '../store/open-store';

async function main() {
  const s = deploySettings();
  const api = await startApi({ releases: releaseControl(openStore(s), [s.GL_ENV]) });
  console.log(`api on ${api.url}, release control for ${s.GL_ENV}`);
  const stop = async () => {
    await api.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Wrong settings (the edge's or the api's): the list of problems, not a stack.
  const settings = error instanceof DeploySettingsError || (error instanceof Error && error.name === 'ConfigError');
  console.error(settings ? (error as Error).message : error);
  process.exit(1);
});
