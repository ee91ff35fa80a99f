import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_RULES, PHOTO_SNIFF_BYTES, photoKind } from '@giftlane/shared-sdk/photos';
import { AppError, Codes } from '../../lib/envelope.js';
import { openBucket, type BlobStore, type BucketSettings } from '../../lib/object-store/index.js';

/** Count, size and kinds are the one photo rule the sell form and /sellcard use (shared-sdk/photos). */
export const IMAGE_LIMITS = {
  maxBytes: PHOTO_RULES.maxBytes,
  maxSide: 8000,
  /** A phone photo of a card is 12 MP at most; decoding one takes ~36 MB (RGB), a 40 MP one ~120 MB. */
  maxPixels: 12_000_000,
  minSide: 32,
  perOrder: PHOTO_RULES.maxCount,
  urlTtlMs: 30 * 60_000,
  /** Images decoded at once by this process; the others wait their turn (memory stays bounded). */
  decodes: 2,
  /**
   * Signed image links live 10 to 20 minutes (the same link within a 10-minute window, so the browser can cache it).
   */
  viewWindowS: 600,
} as const;

// Decoded pixels are not kept for reuse: each image is decoded once, and the cache would hold
// up to 50 MB of them.
sharp.cache(false);

export const UPLOAD_MESSAGES = {
  type: `Only ${PHOTO_RULES.kinds} images can be uploaded`,
  size: `Images must be at most ${PHOTO_RULES.sizeText}`,
  pixels:
    'This image is too large: at most 12 megapixels (e.g. 4000 × 3000) and 8000 pixels a side. Please send a ' +
    'smaller photo',
  tooSmall: 'Image is too small to read',
  broken: 'The file is not a readable image',
  link: 'This upload link is invalid or has expired',
  once: 'This image was already uploaded; ask for a new upload link to send another',
  view: 'This image link is invalid or has expired',
  storeWrite: 'We could not save your photo right now. Please try again in a few minutes.',
  storeRead: 'We could not open this photo right now. Please try again in a few minutes.',
} as const;

/**
 * The photo store could not write or read (a read-only or full disk, a bucket that refuses or does
 * not answer): a clear envelope with HTTP 503, never a 500. Nothing was half-saved: a photo is
 * written whole or not at all, and its link stays usable for another try.
 */
export class PhotoStoreUnavailable extends AppError {
  constructor(
    readonly op: 'write' | 'read',
    override readonly cause: unknown,
  ) {
    super(op === 'write' ? UPLOAD_MESSAGES.storeWrite : UPLOAD_MESSAGES.storeRead, Codes.failed, 503);
    this.name = 'PhotoStoreUnavailable';
  }
}

/** At most `max` holders at once; the others queue in order. */
class Slots {
  private busy = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.busy++;
    try {
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
const decodeSlots = new Slots(IMAGE_LIMITS.decodes);

const OBJECT_NAME = /^orders\/\d{1,10}\/[A-Za-z0-9_-]{22}$/;
export const isObjectName = (s: string) => OBJECT_NAME.test(s);

/** The object name of an upload URL on `baseUrl` (the public origin), or null for any other URL. */
export function objectNameIn(baseUrl: string, url: string): string | null {
  const prefix = `${baseUrl}/uploads/`;
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return isObjectName(name) ? name : null;
}

/**
 * The object name in any reference to an upload (an absolute or relative /uploads/ URL, with or
 * without a signed link's query), or null: for comparing references whatever their origin.
 */
export function uploadNameOf(reference: string): string | null {
  const m = /\/uploads\/([^?#]+)(?:[?#]|$)/.exec(reference);
  return m?.[1] && isObjectName(m[1]) ? m[1] : null;
}

export type ImageCheck =
  | { ok: true; data: Buffer; contentType: string; width: number; height: number }
  | { ok: false; reason: string };

/** The type is read from the first bytes, never from a header or a name (the forms' rule too). */
const sniff = (buf: Buffer) => photoKind(buf.subarray(0, PHOTO_SNIFF_BYTES)) ?? null;

/**
 * Checks an uploaded image by content (magic bytes, then the header's dimensions, then a real
 * decode), enforces the size and pixel limits before any pixel is decoded, and re-encodes it:
 * EXIF orientation is applied and all metadata (GPS, device, comments) is dropped, since sharp
 * writes none unless asked. At most IMAGE_LIMITS.decodes images are decoded at once.
 */
export async function checkImage(buf: Buffer): Promise<ImageCheck> {
  if (buf.length > IMAGE_LIMITS.maxBytes) return { ok: false, reason: UPLOAD_MESSAGES.size };
  const kind = sniff(buf);
  if (!kind) return { ok: false, reason: UPLOAD_MESSAGES.type };
  try {
    const img = sharp(buf, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', sequentialRead: true });
    // metadata() reads the header only: nothing is decoded yet.
    const meta = await img.metadata();
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    if (w > IMAGE_LIMITS.maxSide || h > IMAGE_LIMITS.maxSide || w * h > IMAGE_LIMITS.maxPixels)
      return { ok: false, reason: UPLOAD_MESSAGES.pixels };
    if (w < IMAGE_LIMITS.minSide || h < IMAGE_LIMITS.minSide) return { ok: false, reason: UPLOAD_MESSAGES.tooSmall };
    const rotated = img.rotate();
    const out =
      kind === 'png'
        ? rotated.png()
        : kind === 'webp'
          ? rotated.webp({ quality: 90 })
          : rotated.jpeg({ quality: 90, mozjpeg: false });
    const { data, info } = await decodeSlots.run(() => out.toBuffer({ resolveWithObject: true }));
    return { ok: true, data, contentType: `image/${kind}`, width: info.width, height: info.height };
  } catch (err) {
    const msg = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(msg)) return { ok: false, reason: UPLOAD_MESSAGES.pixels };
    return { ok: false, reason: UPLOAD_MESSAGES.broken };
  }
}

/** Where the bytes of uploads live: a directory (the default) or an S3-compatible bucket. */
export interface PhotoBytes {
  /** For the log: where the photos are. */
  readonly location: string;
  /** Writes a whole object (a reader never sees half of one); throws when the store cannot. */
  put(objectName: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none; throws when the store cannot be read. */
  get(objectName: string): Promise<Buffer | null>;
}

/** Photos in a directory of this host (one api process, or a shared mount). */
export class DirectoryPhotos implements PhotoBytes {
  constructor(readonly dir: string) {}

  get location() {
    return this.dir;
  }

  async put(objectName: string, data: Buffer): Promise<void> {
    const file = path.join(this.dir, objectName);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader sees the whole photo or none.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(objectName: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, objectName));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}

/**
 * Photos in an S3-compatible bucket (the release store's adapter, lib/object-store): every api host
 * reads every photo. Objects are written private (no ACL is sent, so the bucket's default, private,
 * holds) under the prefix, and are only ever read by the api: a seller or an operator gets the
 * api's signed link, never the bucket's address.
 */
export class BucketPhotos implements PhotoBytes {
  constructor(readonly blobs: BlobStore) {}

  get location() {
    return this.blobs.location;
  }

  async put(objectName: string, data: Buffer, contentType: string): Promise<void> {
    await this.blobs.put(objectName, data, { contentType, cacheControl: 'private, no-store' });
  }

  async get(objectName: string): Promise<Buffer | null> {
    return (await this.blobs.get(objectName)) ?? null;
  }
}

/** The photo store of a config: the bucket when one is set, else the directory. */
export function photoBytes(c: { uploadDir: string; uploadBucket?: BucketSettings }): PhotoBytes {
  return c.uploadBucket ? new BucketPhotos(openBucket(c.uploadBucket)) : new DirectoryPhotos(c.uploadDir);
}

/**
 * The upload store: a directory by default, an S3-compatible bucket when UPLOAD_S3_BUCKET is set
 * (PhotoBytes); the metadata of every upload is in the database, so any api host serves any
 * upload's link. Upload URLs are presigned with an HMAC over the object name and expiry, like a
 * cloud store's signed PUT URL; the public URL is that URL without its query string (CONTRACT
 * §2.4) and is the image's reference, not a way to read it: card photos carry redeem codes, so they
 * are served only through short-lived signed GET links (`viewUrl`) that the api hands to the owner
 * and to staff. Every api host signs with SECRET_KEY, so a link made by one is good on another.
 */
export class UploadStore {
  constructor(
    readonly bytes: PhotoBytes,
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  get location() {
    return this.bytes.location;
  }

  newObjectName(userId: number): string {
    return `orders/${userId}/${randomBytes(16).toString('base64url')}`;
  }

  private signature(objectName: string, expires: number, method: 'PUT' | 'GET' = 'PUT') {
    return createHmac('sha256', this.secret).update(`${method}\n${objectName}\n${expires}`).digest('base64url');
  }

  private verify(
    method: 'PUT' | 'GET',
    objectName: string,
    expires: string,
    signature: string,
    nowMs: number,
  ): boolean {
    if (!isObjectName(objectName) || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < nowMs) return false;
    const want = Buffer.from(this.signature(objectName, Number(expires), method));
    const got = Buffer.from(signature);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  presignPut(objectName: string, expiresAtMs: number): string {
    const expires = Math.floor(expiresAtMs / 1000);
    return `${this.publicUrl(objectName)}?expires=${expires}&signature=${this.signature(objectName, expires)}`;
  }

  verifyPut(objectName: string, expires: string, signature: string, nowMs = Date.now()): boolean {
    return this.verify('PUT', objectName, expires, signature, nowMs);
  }

  /**
   * A link that shows a stored image for 10 to 20 minutes; the reference (one of our public URLs,
   * absolute or not) is what orders keep. Anything else (an outside link) is returned as it is.
   */
  viewUrl(reference: string, nowMs = Date.now()): string {
    const name = this.objectNameOf(reference.split('?')[0] ?? '');
    if (!name) return reference;
    const w = IMAGE_LIMITS.viewWindowS;
    const expires = (Math.floor(nowMs / 1000 / w) + 2) * w;
    return `${this.publicUrl(name)}?expires=${expires}&signature=${this.signature(name, expires, 'GET')}`;
  }

  verifyView(objectName: string, expires: string, signature: string, nowMs = Date.now()): boolean {
    return this.verify('GET', objectName, expires, signature, nowMs);
  }

  publicUrl(objectName: string): string {
    return `${this.baseUrl}/uploads/${objectName}`;
  }

  /** The object name of one of our public URLs, or null. */
  objectNameOf(url: string): string | null {
    return objectNameIn(this.baseUrl, url);
  }

  /** Stores a checked photo; a store that cannot write throws PhotoStoreUnavailable (an envelope). */
  async put(objectName: string, data: Buffer, contentType = 'application/octet-stream'): Promise<void> {
    try {
      await this.bytes.put(objectName, data, contentType);
    } catch (err) {
      throw new PhotoStoreUnavailable('write', err);
    }
  }

  /** A stored photo's bytes, null when there is none; a store that cannot be read throws PhotoStoreUnavailable. */
  async get(objectName: string): Promise<Buffer | null> {
    if (!isObjectName(objectName)) return null;
    try {
      return await this.bytes.get(objectName);
    } catch (err) {
      throw new PhotoStoreUnavailable('read', err);
    }
  }
}
