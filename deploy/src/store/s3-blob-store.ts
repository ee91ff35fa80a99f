// The release store in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …), for when the
// site is served from a CDN. Concurrency relies on S3 conditional writes: `If-None-Match: *`
// creates an object only if it is absent, and `If-Match: <etag>` replaces it only if nobody changed
// it since we read it — so an environment update is a compare-and-swap, retried on conflict.
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { BlobStore, PutOptions } from './blob-store';

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `releases/`. */
  prefix?: string;
  client?: S3Client;
  clientConfig?: S3ClientConfig;
}

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

  private putCommand(key: string, body: Buffer | string, opts: PutOptions, condition: { IfMatch?: string; IfNoneMatch?: string } = {}) {
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
      for (const p of res.CommonPrefixes ?? []) if (p.Prefix) folders.push(p.Prefix.slice(base.length).replace(/\/$/, ''));
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
          this.putCommand(key, `${JSON.stringify(next, null, 2)}\n`, { contentType: 'application/json', cacheControl: 'no-cache' }, condition),
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
