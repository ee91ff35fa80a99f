// A store in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …): the release store's when the
// site is served from a CDN (deploy/), and the api's photo store when UPLOAD_S3_BUCKET is set.
// Concurrency relies on S3 conditional writes: `If-None-Match: *` creates an object only if it is
// absent, and `If-Match: <etag>` replaces it only if nobody changed it since we read it — so an
// environment update is a compare-and-swap, retried on conflict.
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { BlobStore, PutOptions } from './blob-store.js';

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `releases/`. */
  prefix?: string;
  client?: S3Client;
  clientConfig?: S3ClientConfig;
}

/** Where a bucket is and how to reach it: the settings both the release store and the photo store read. */
export interface BucketSettings {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `releases/` or `uploads/`. */
  prefix?: string;
  /** `auto` suits R2; AWS needs the bucket's region. */
  region?: string;
  /** A non-AWS endpoint (R2, MinIO, …); unset: AWS S3. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most local servers need. */
  pathStyle?: boolean;
  /** Static credentials; unset: the usual AWS chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A bound on connecting and on a silent socket, in ms; unset: the SDK's defaults (none). */
  timeoutMs?: number;
  /** Tries per call (the SDK's retries with backoff included); unset: the SDK's 3. */
  maxAttempts?: number;
}

/** The S3 client config of a bucket's settings. */
export function s3ClientConfig(s: BucketSettings): S3ClientConfig {
  return {
    region: s.region ?? 'auto',
    endpoint: s.endpoint,
    forcePathStyle: s.pathStyle ?? false,
    ...(s.credentials ? { credentials: s.credentials } : {}),
    ...(s.maxAttempts ? { maxAttempts: s.maxAttempts } : {}),
    ...(s.timeoutMs
      ? { requestHandler: { connectionTimeout: Math.min(s.timeoutMs, 5000), requestTimeout: s.timeoutMs } }
      : {}),
  };
}

/** A bucket store from its settings. */
export const openBucket = (s: BucketSettings) =>
  new S3BlobStore({ bucket: s.bucket, prefix: s.prefix, clientConfig: s3ClientConfig(s) });

const isStatus = (error: unknown, ...codes: number[]) =>
  error instanceof S3ServiceException && codes.includes(error.$metadata.httpStatusCode ?? 0);

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  readonly localDir = undefined;

  constructor(opts: S3StoreOptions) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ? opts.prefix.replace(/\/?$/, '/') : '';
    this.client = opts.client ?? new S3Client(opts.clientConfig ?? {});
  }

  get location() {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  private key(key: string) {
    return `${this.prefix}${key}`;
  }

  private async getWithEtag(key: string): Promise<{ body: Buffer; etag?: string } | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      const bytes = await res.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), etag: res.ETag };
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      throw error;
    }
  }

  async get(key: string) {
    return (await this.getWithEtag(key))?.body;
  }

  async exists(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (error) {
      if (isStatus(error, 404)) return false;
      throw error;
    }
  }

  private putCommand(
    key: string,
    body: Buffer | string,
    opts: PutOptions,
    condition: { IfMatch?: string; IfNoneMatch?: string } = {},
  ) {
    return new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.key(key),
      Body: body,
      ContentType: opts.contentType,
      ContentEncoding: opts.contentEncoding,
      CacheControl: opts.cacheControl,
      ...condition,
    });
  }

  async put(key: string, body: Buffer | string, opts: PutOptions = {}) {
    await this.client.send(this.putCommand(key, body, opts));
  }

  async putIfAbsent(key: string, body: Buffer | string, opts: PutOptions = {}) {
    try {
      await this.client.send(this.putCommand(key, body, opts, { IfNoneMatch: '*' }));
      return true;
    } catch (error) {
      // 412: it exists; 409: another conditional write to the same key is in flight.
      if (isStatus(error, 412, 409)) return false;
      throw error;
    }
  }

  async listFiles(prefix: string) {
    return (await this.listLevel(prefix)).files;
  }

  async listFolders(prefix: string) {
    return (await this.listLevel(prefix)).folders;
  }

  private async listLevel(prefix: string) {
    const folders: string[] = [];
    const files: string[] = [];
    let token: string | undefined;
    const base = this.key(prefix.replace(/\/?$/, '/'));
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: base, Delimiter: '/', ContinuationToken: token }),
      );
      for (const p of res.CommonPrefixes ?? [])
        if (p.Prefix) folders.push(p.Prefix.slice(base.length).replace(/\/$/, ''));
      for (const o of res.Contents ?? []) if (o.Key) files.push(o.Key.slice(base.length));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return { folders, files };
  }

  async update<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const current = await this.getWithEtag(key);
      const next = change(current ? (JSON.parse(current.body.toString('utf8')) as T) : undefined);
      // Nothing to change: no write (an unconditional no-op needs no compare-and-swap).
      if (next === undefined) return current ? (JSON.parse(current.body.toString('utf8')) as T) : undefined;
      const condition = current?.etag ? { IfMatch: current.etag } : { IfNoneMatch: '*' };
      try {
        await this.client.send(
          this.putCommand(
            key,
            `${JSON.stringify(next, null, 2)}\n`,
            { contentType: 'application/json', cacheControl: 'no-cache' },
            condition,
          ),
        );
        return next;
      } catch (error) {
        if (!isStatus(error, 412, 409)) throw error;
        // Someone else wrote first: read their version and apply our change on top of it.
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * (attempt + 1)));
      }
    }
    throw new Error(`could not update ${key}: too many concurrent writers`);
  }
}
