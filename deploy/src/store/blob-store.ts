// Where releases live. The release store needs only a few operations from its storage, so a
// directory (the default) and an S3-compatible bucket (at scale, behind a CDN) are two
// implementations of one small interface and pass the same tests.
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export interface PutOptions {
  contentType?: string;
  contentEncoding?: string;
  cacheControl?: string;
}

export interface BlobStore {
  /** For messages: where this store is. */
  readonly location: string;
  /** Set when the store is a local directory (the edge server then serves files from it). */
  readonly localDir?: string;
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  put(key: string, body: Buffer | string, opts?: PutOptions): Promise<void>;
  /** Creates the object only if nothing is there yet; false when something already was. */
  putIfAbsent(key: string, body: Buffer | string, opts?: PutOptions): Promise<boolean>;
  /** Keys directly under `prefix` that are "folders" (e.g. the versions of an app). */
  listFolders(prefix: string): Promise<string[]>;
  /** Names of the objects directly under `prefix` (not in sub-folders). */
  listFiles(prefix: string): Promise<string[]>;
  /**
   * Read-modify-write of one small JSON document such that two writers at once never lose a
   * change: `change` sees the latest document and its result replaces it in one atomic write.
   * `change` may run more than once (it must be a pure function of its input). When it returns
   * `undefined` nothing is written and the result is the document as it is (or `undefined`).
   */
  update<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined>;
}

/** The default store: a directory. Atomic writes are write-then-rename; updates take a lock. */
export class DirectoryBlobStore implements BlobStore {
  readonly localDir: string;
  constructor(readonly dir: string) {
    this.localDir = dir;
  }

  get location() {
    return this.dir;
  }

  private file(key: string) {
    const full = path.resolve(this.dir, key);
    if (!full.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`key outside the store: ${key}`);
    return full;
  }

  async get(key: string) {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async exists(key: string) {
    try {
      await stat(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  async put(key: string, body: Buffer | string) {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader sees the old file or the new one, never half of one.
    const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, target);
  }

  async putIfAbsent(key: string, body: Buffer | string) {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    let handle;
    try {
      // O_EXCL: the file system decides which of two writers creates it.
      handle = await open(target, fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      await handle.writeFile(body);
    } finally {
      await handle.close();
    }
    return true;
  }

  async listFolders(prefix: string) {
    try {
      const entries = await readdir(this.file(prefix), { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async listFiles(prefix: string) {
    try {
      const entries = await readdir(this.file(prefix), { withFileTypes: true });
      return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => e.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async update<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // A lock held by a process that died is taken over after `stale` ms.
    const release = await lockfile.lock(target, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 200, minTimeout: 10, maxTimeout: 100, randomize: true },
    });
    try {
      const raw = await this.get(key);
      const current = raw ? (JSON.parse(raw.toString('utf8')) as T) : undefined;
      const next = change(current === undefined ? undefined : structuredClone(current));
      if (next === undefined) return current;
      await this.put(key, `${JSON.stringify(next, null, 2)}\n`);
      return next;
    } finally {
      await release();
    }
  }

  /** Tests only: forget everything. */
  async destroy() {
    await rm(this.dir, { recursive: true, force: true });
  }
}
