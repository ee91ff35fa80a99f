// Tests only: a local S3-compatible server (s3rver) for the bucket adapter's tests: the release
// store's in deploy/ (which imports this as `@giftlane/api/test/s3`) and the photo store's. s3rver
// does not implement S3's conditional writes (`If-None-Match: *`, `If-Match: <etag>` on PUT), which the
// adapter's concurrency rests on, so this adds them in front of it. Its files are also written in
// place (a read during a write sees half an object, where S3 is atomic), so every request on one
// key is serialised here: S3's own guarantees, at a test's scale.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

interface KoaContext {
  method: string;
  req: AsyncIterable<Buffer>;
  path: string;
  headers: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
  store: { getMetadata(bucket: string, key: string): Promise<{ etag: string }> };
}
interface S3rverInstance {
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (opts: object) => S3rverInstance;

export interface TestS3 {
  client: S3Client;
  bucket: string;
  /** The server's address (`http://127.0.0.1:<port>`), for clients made from settings. */
  endpoint: string;
  close(): Promise<void>;
}

/** A request the server received, as a test may check or refuse it. */
export interface TestS3Request {
  method: string;
  key: string;
  headers: Record<string, string | undefined>;
}

export interface TestS3Options {
  /** Sees every request on an object; a status returned (e.g. 503, 403) is answered instead, as S3's error. */
  intercept?: (r: TestS3Request) => number | undefined;
}

export async function startTestS3(bucket = 'releases', opts: TestS3Options = {}): Promise<TestS3> {
  const S3rver = createRequire(__filename)('s3rver') as S3rverClass;
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gl-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const chains = new Map<string, Promise<unknown>>();
  server.middleware.unshift(async (ctx, next) => {
    const ifMatch = ctx.headers['if-match'];
    const ifNoneMatch = ctx.headers['if-none-match'];
    const [, b = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (!key) return next();
    const refused = opts.intercept?.({ method: ctx.method, key, headers: ctx.headers });
    if (refused) {
      for await (const _chunk of ctx.req) void _chunk;
      ctx.status = refused;
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" ` +
        `encoding="UTF-8"?><Error><Code>${refused === 403 ? 'AccessDenied' : 'ServiceUnavailable'}</` +
        `Code><Message>Refused by the test</Message></Error>`;
      return;
    }
    const run = async () => {
      if (ctx.method !== 'PUT' || (!ifMatch && !ifNoneMatch)) return next();
      const etag = await ctx.store.getMetadata(b, key).then(
        (m) => m.etag,
        () => undefined,
      );
      const failed = (ifNoneMatch === '*' && etag !== undefined) || (ifMatch !== undefined && ifMatch !== etag);
      if (failed) {
        // Read the body we refuse, or the client sees its upload aborted instead of the 412.
        for await (const _chunk of ctx.req) void _chunk;
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the ' +
          'pre-conditions you specified did not hold</Message></Error>';
        return;
      }
      await next();
    };
    const previous = chains.get(key) ?? Promise.resolve();
    const mine = previous.then(run, run);
    chains.set(
      key,
      mine.catch(() => undefined),
    );
    await mine;
  });
  const address = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    client,
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
