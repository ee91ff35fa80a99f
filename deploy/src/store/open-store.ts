// Which release store this process uses, from the environment: a bucket when RELEASE_S3_BUCKET is
// set, else the directory RELEASE_DIR (default `.releases/` at the repository root).
import { ReleaseStore } from '../release-store';
import { deploySettings, type DeploySettings } from '../settings';
import { openBucket } from '@giftlane/api/object-store';

export function openStore(env: DeploySettings = deploySettings()): ReleaseStore {
  if (env.RELEASE_S3_BUCKET) {
    return new ReleaseStore(
      // Credentials come from the usual AWS variables or profile; an endpoint selects R2, MinIO, …
      openBucket({
        bucket: env.RELEASE_S3_BUCKET,
        prefix: env.RELEASE_S3_PREFIX,
        region: env.AWS_REGION,
        endpoint: env.RELEASE_S3_ENDPOINT,
        pathStyle: env.RELEASE_S3_PATH_STYLE,
      }),
    );
  }
  return new ReleaseStore();
}
