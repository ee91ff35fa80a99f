// Where releases live. The release store needs only a few operations from its storage, so a
// directory (the default) and an S3-compatible bucket (at scale, behind a CDN) are two
// implementations of one small interface and pass the same tests. The interface and the bucket
// adapter are shared with the api's photo store (api/src/lib/object-store); the directory one,
// with its lock files, is the release store's own.
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { BlobStore } from '@giftlane/api/object-store';

export type { BlobStore, PutOptions } from '@giftlane/api/object-store';

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
