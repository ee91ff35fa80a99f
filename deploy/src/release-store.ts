// The release store: every build of an app is an immutable version (`<app>/<version>/`), and each
// environment is one small manifest naming the version of each app (and its canary), with the
// history of every change. Publishing never overwrites; changing an environment is one atomic
// write under a lock (a compare-and-swap in a bucket).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { RemoteMount } from '@giftlane/shared-sdk';
import { APPS, ROOT_DIR, appInfo, packageVersion } from './apps';
import { DirectoryBlobStore, type BlobStore } from './store/blob-store';
import type { EnvironmentFile, ReleaseInfo, SharedDependency } from './types';
import { deploySettings } from './settings';

export type { EnvironmentFile, ReleaseInfo } from './types';

export const DEFAULT_RELEASE_DIR = path.join(ROOT_DIR, '.releases');

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt)$/;
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

export class PublishRefused extends Error {}

export interface PublishOptions {
  distDir?: string;
  /**
   * The version to store it as. Without it the version is the package version plus a hash of the
   * build's content (what `npm start` uses, so an unchanged build is not stored again).
   */
  version?: string;
  commit?: string;
  dirty?: boolean;
  by?: string;
}

export class ReleaseStore {
  readonly blobs: BlobStore;

  constructor(storage: string | BlobStore = deploySettings().RELEASE_DIR ?? DEFAULT_RELEASE_DIR) {
    this.blobs = typeof storage === 'string' ? new DirectoryBlobStore(storage) : storage;
  }

  /** The directory of a directory store (the edge serves releases from it). */
  get dir(): string | undefined {
    return this.blobs.localDir;
  }

  envKey(env: string) {
    return `environments/${env}.json`;
  }

  async environments(): Promise<string[]> {
    return (await this.blobs.listFiles('environments'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
  }

  async readEnvironment(env: string): Promise<EnvironmentFile | undefined> {
    const raw = await this.blobs.get(this.envKey(env));
    return raw ? normaliseEnvironment(JSON.parse(raw.toString('utf8')) as EnvironmentFile, env) : undefined;
  }

  /**
   * One change of an environment: `change` gets the latest file and returns the next one; the
   * write is atomic and serialised with every other writer, so no change is ever lost.
   */
  async updateEnvironment(
    env: string,
    change: (current: EnvironmentFile) => EnvironmentFile | undefined,
  ): Promise<EnvironmentFile> {
    const written = await this.blobs.update<EnvironmentFile>(this.envKey(env), (current) => {
      const base = normaliseEnvironment(current, env);
      const next = change(structuredClone(base));
      // `undefined`: nothing changes, so nothing is written and the revision stays.
      if (next === undefined) return undefined;
      return { ...next, env, revision: base.revision + 1, updated_at: new Date().toISOString() };
    });
    return normaliseEnvironment(written, env);
  }

  async release(app: string, version: string): Promise<ReleaseInfo | undefined> {
    const raw = await this.blobs.get(`${app}/${version}/release.json`);
    return raw ? (JSON.parse(raw.toString('utf8')) as ReleaseInfo) : undefined;
  }

  /** Published versions of an app, oldest first. */
  async versions(app: string): Promise<ReleaseInfo[]> {
    const out: ReleaseInfo[] = [];
    for (const version of await this.blobs.listFolders(app)) {
      const info = await this.release(app, version);
      if (info) out.push(info);
    }
    return out.sort((a, b) => a.published_at.localeCompare(b.published_at));
  }

  async mounts(app: string, version: string): Promise<RemoteMount[]> {
    return (await this.release(app, version))?.mounts ?? [];
  }

  /**
   * The paths a live remote owns, even when its version is broken: the environment's copy first,
   * then the version's `release.json`, then (an environment written before it kept mounts, naming
   * a version that is missing) the newest published version's. `undefined` only when nothing of
   * the app is known at all.
   */
  async liveMounts(app: string, version: string, kept?: RemoteMount[]): Promise<RemoteMount[] | undefined> {
    if (kept) return kept;
    const info = await this.release(app, version);
    if (info) return info.mounts;
    return (await this.versions(app)).at(-1)?.mounts;
  }

  async file(app: string, version: string, file: string): Promise<Buffer | undefined> {
    return this.blobs.get(`${app}/${version}/${file}`);
  }

  /**
   * Stores an app's built `dist/` as an immutable version, precompressed (gzip and brotli) for
   * the edge server. Nothing is ever overwritten: the version is claimed first (one writer wins)
   * and `release.json`, written last, is what makes it exist.
   */
  async publish(
    app: string,
    opts: PublishOptions = {},
  ): Promise<{ version: string; created: boolean; info: ReleaseInfo }> {
    const appMeta = appInfo(app);
    const distDir = opts.distDir ?? path.join(appMeta.dir, 'dist');
    if (!existsSync(path.join(distDir, 'mf-manifest.json'))) {
      throw new PublishRefused(
        `${appMeta.app} has no build at ${path.relative(ROOT_DIR, distDir) || distDir}: build it first`,
      );
    }
    const files = await listFiles(distDir);
    let version = opts.version;
    if (!version) {
      const hash = createHash('sha256');
      for (const f of files) {
        hash.update(f);
        hash.update(await readFile(path.join(distDir, f)));
      }
      version = `${packageVersion(appMeta.dir)}+${hash.digest('hex').slice(0, 10)}`;
    }
    if (!/^[0-9A-Za-z.+_-]+$/.test(version)) throw new PublishRefused(`"${version}" is not a valid version name`);
    const base = `${appMeta.app}/${version}`;
    const existing = await this.release(appMeta.app, version);
    // A content-hashed version is the same build: finding it means there is nothing to do.
    const contentAddressed = !opts.version;
    if (existing) {
      if (contentAddressed) return { version, created: false, info: existing };
      throw new PublishRefused(
        `${appMeta.app} ${version} is already published: versions are immutable. Commit your change (a new commit ` +
          `is a new version) or bump the package version.`,
      );
    }
    const claimed = await this.blobs.putIfAbsent(
      `${base}/.claim`,
      JSON.stringify({ by: opts.by, at: new Date().toISOString() }),
    );
    if (!claimed && !contentAddressed) {
      throw new PublishRefused(
        `${appMeta.app} ${version} is being published by someone else (or a publish of it died half-way: then ` +
          `delete ${base}/ from the store and publish again).`,
      );
    }

    const mfManifest = JSON.parse(await readFile(path.join(distDir, 'mf-manifest.json'), 'utf8')) as {
      shared?: SharedDependency[];
    };
    for (const f of files) {
      const body = await readFile(path.join(distDir, f));
      const key = `${base}/${f.split(path.sep).join('/')}`;
      const contentType = CONTENT_TYPES[path.extname(f)];
      await this.blobs.put(key, body, { contentType });
      if (COMPRESSIBLE.test(f)) {
        await this.blobs.put(`${key}.gz`, gzipSync(body, { level: 9 }), { contentType, contentEncoding: 'gzip' });
        await this.blobs.put(`${key}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), {
          contentType,
          contentEncoding: 'br',
        });
      }
    }
    let mounts: RemoteMount[] = [];
    if (appMeta.kind === 'remote') {
      const mountsFile = existsSync(path.join(distDir, 'mounts.json'))
        ? path.join(distDir, 'mounts.json')
        : path.join(appMeta.dir, 'src/mounts.json');
      mounts = JSON.parse(await readFile(mountsFile, 'utf8')) as RemoteMount[];
    }
    const info: ReleaseInfo = {
      app: appMeta.app,
      version,
      kind: appMeta.kind,
      package_version: packageVersion(appMeta.dir),
      commit: opts.commit,
      dirty: opts.dirty,
      published_at: new Date().toISOString(),
      published_by: opts.by,
      files: files.length,
      shared: (mfManifest.shared ?? []).map(({ name, version: v, requiredVersion, singleton }) => ({
        name,
        version: v,
        requiredVersion,
        singleton,
      })),
      mounts,
    };
    await this.blobs.put(`${base}/mounts.json`, JSON.stringify(mounts));
    await this.blobs.put(`${base}/release.json`, `${JSON.stringify(info, null, 2)}\n`, {
      contentType: 'application/json',
    });
    return { version, created: true, info };
  }
}

function normaliseEnvironment(file: EnvironmentFile | undefined, env: string): EnvironmentFile {
  return {
    env,
    revision: file?.revision ?? 0,
    updated_at: file?.updated_at ?? '',
    apps: file?.apps ?? {},
    history: file?.history ?? [],
  };
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else if ((await stat(full)).isFile()) out.push(path.relative(base, full));
  }
  return out.sort();
}

export { APPS };
