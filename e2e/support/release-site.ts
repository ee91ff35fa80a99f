// For the release suite: a release store of its own in a temporary folder, the release CLI run as
// a release manager runs it, and an edge server (`deploy/src/cli/serve.ts`) serving that store.
// Builds are not repeated: each app's existing dist/ is copied (and patched where a test needs
// a visibly different or an incompatible build) and published with --dist.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export class ReleaseSite {
  readonly scratch = mkdtempSync(path.join(os.tmpdir(), 'giftlane-release-e2e-'));
  readonly releaseDir: string;
  readonly env: string;
  private server?: ChildProcess;

  /** `store`: another release store and environment to work on (the running site's), instead of a new one. */
  constructor(
    readonly port: number,
    readonly apiUrl: string,
    store: { releaseDir?: string; env?: string } = {},
  ) {
    this.releaseDir = store.releaseDir ?? path.join(this.scratch, 'releases');
    this.env = store.env ?? 'e2e';
  }

  get baseURL() {
    return `http://127.0.0.1:${this.port}`;
  }

  release(...args: string[]): CliResult {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'deploy/src/cli/release.ts', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, RELEASE_DIR: this.releaseDir, RELEASE_USER: 'e2e release manager', RELEASE_S3_BUCKET: '' },
    });
    return { status: res.status, stdout: res.stdout, stderr: res.stderr };
  }

  /** Like `release`, but the command must succeed. */
  ok(...args: string[]): string {
    const res = this.release(...args);
    if (res.status !== 0)
      throw new Error(`release ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
    return res.stdout;
  }

  /** A copy of an app's build, with `patch` applied to each file's text (JS and JSON, the server build's too). */
  copyDist(app: string, name: string, patch?: (file: string, text: string) => string): string {
    const to = path.join(this.scratch, 'dists', name);
    cpSync(path.join(ROOT, app, 'dist'), to, { recursive: true });
    if (patch) {
      for (const file of readdirSync(to, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(js|cjs|json)$/.test(file)) continue;
        const full = path.join(to, file);
        const text = readFileSync(full, 'utf8');
        const next = patch(file, text);
        if (next !== text) writeFileSync(full, next);
      }
    }
    return to;
  }

  status(): { apps: Record<string, { version: string; canary?: { version: string; percent: number } }> } {
    const [file] = JSON.parse(this.ok('status', '--env', this.env, '--json')) as Array<{
      apps: Record<string, { version: string; canary?: { version: string; percent: number } }>;
    }>;
    return file!;
  }

  async start() {
    this.server = spawn(process.execPath, ['--import', 'tsx', 'deploy/src/cli/serve.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        RELEASE_DIR: this.releaseDir,
        GL_ENV: this.env,
        PORT: String(this.port),
        API_URL: this.apiUrl,
        RELEASE_S3_BUCKET: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    this.server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    this.server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; i < 150; i++) {
      try {
        const res = await fetch(`${this.baseURL}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (this.server.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the edge server did not start:\n${output}`);
  }

  async stop() {
    if (this.server && this.server.exitCode === null) {
      const exited = new Promise((r) => this.server!.once('exit', r));
      this.server.kill('SIGTERM');
      await exited;
    }
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
