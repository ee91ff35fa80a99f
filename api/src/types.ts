import type { Config } from './config/env.js';
import type { ClientKind } from './lib/sign.js';
import type { Db } from './db/db.js';
import type { Messenger } from './modules/messaging/messenger.js';
import type { Sessions, AuthContext } from './shared/sessions.js';
import type { Otp } from './modules/user/otp.js';
import type { SocialVerifier } from './modules/social/verify.js';
import type { Reference } from './shared/reference.js';
import type { AccountHooks } from './modules/user/hooks.js';
import type { PushDispatcher } from './modules/push/expo.js';
import type { SecurityDeps } from './modules/security/service.js';
import type { Catalog } from './modules/catalog/service.js';
import type { KycDeps } from './modules/kyc/service.js';
import type { CaseDeps } from './modules/cases/service.js';
import type { Limits } from './lib/limits.js';
import type { Jobs } from './modules/jobs/jobs.js';
import type { RequestRefs } from './modules/request-refs/service.js';
import type { ApiMetrics } from './modules/metrics/metrics.js';
import type { ReleaseDesk } from './modules/releases/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    messenger: Messenger;
    sessions: Sessions;
    otp: Otp;
    social: SocialVerifier;
    ref: Reference;
    accounts: AccountHooks;
    /** Sends new notices to the apps' devices (Expo push). */
    push: PushDispatcher;
    /** Account security's pieces: the messenger, its settings, the log and the clock. */
    security: SecurityDeps;
    /** The one catalog of this process: rates cached until a change is announced. */
    catalog: Catalog;
    /** Identity verification's pieces: tiers, the vault, the provider's client, the photo store. */
    kyc: KycDeps;
    /** Support cases' pieces: settings, the messenger, the job queue (their clocks), the photo store. */
    cases: CaseDeps;
    /** The rate limits' counters: shared in Redis, or in memory while it is away (lib/limits.ts). */
    limits: Limits;
    /** The job queue: register handlers at build time, send jobs at any time (api/src/modules/jobs/jobs.ts). */
    jobs: Jobs;
    /** Failed requests by the reference their seller was shown. */
    requestRefs: RequestRefs;
    /** The api's Prometheus metrics, served on METRICS_PORT. */
    metrics: ApiMetrics;
    /** Releases from the console and the canary check (api/src/modules/releases/). */
    releases: ReleaseDesk;
  }
  interface FastifyRequest {
    /** The signed-in user, set on routes whose auth is required (or optional and a valid token came). */
    auth: AuthContext | null;
    /** The form fields exactly as parsed, before validation strips or converts them. */
    rawParams: Record<string, unknown>;
    /** The raw body of a form request, as it arrived (the native clients sign their fields in that order). */
    rawForm: string | null;
    /** The platform whose app key signed this /gc request ('web' unless a native app's key proved the sign). */
    client: ClientKind;
  }
  interface FastifyContextConfig {
    /** A /gc route: its body is signed and answered with the envelope. */
    gc?: boolean;
    auth?: 'required' | 'optional';
  }
}
