// `npm run ops:create` on the embedded database: while another process holds the PGlite folder (as
// the running site does), it refuses, says how, exits non-zero and claims nothing; once the folder
// is free it creates the operator, who is there when the site opens the folder again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../db/db.js';
import { holdDataDir } from '../db/data-dir-lock.js';

const API_DIR = path.resolve(__dirname, '../..');

function opsCreate(dataDir: string, email: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      OPS_PASSWORD: 'Console-cli-password-2026',
    };
    delete env.DATABASE_URL;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/create-operator.ts', '--email', email, '--name', 'Cli Ops', '--role', 'admin'],
      { cwd: API_DIR, env },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ops:create did not finish in 90 s\n${out}\n${err}`));
    }, 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe('ops:create on the embedded database', () => {
  jest.setTimeout(240_000);
  let dir: string;
  let db: Db | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gl-ops-create-'));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'refuses while the site holds the folder, with how to do it, and creates the operator once it ' + 'is free',
    async () => {
      // The running site: the api's handle on the folder, opened the way the api opens it.
      db = await openDb({ dataDir: dir });
      const refused = await opsCreate(dir, 'while-running@giftlane.test');
      expect(refused.code).toBe(1);
      expect(refused.out).not.toMatch(/created/);
      expect(refused.err).toContain('operator not created');
      expect(refused.err).toContain(`pid ${process.pid}`);
      expect(refused.err).toMatch(/Stop that process .* or run the site on PostgreSQL \(DATABASE_URL\)/);
      // A second handle of the site's own process is not refused.
      holdDataDir(dir)();
      await db.close();
      db = undefined;

      const made = await opsCreate(dir, 'site-stopped@giftlane.test');
      expect(made.err).toBe('');
      expect(made.code).toBe(0);
      expect(made.out).toMatch(/^operator \d+ created: site-stopped@giftlane\.test \(admin\)/);
      db = await openDb({ dataDir: dir });
      const staff = await db.query<{ email: string }>('select email from staff order by id');
      expect(staff.rows.map((s) => s.email)).toEqual(['site-stopped@giftlane.test']);
    },
  );

  test('a mark left by a process that died does not lock the folder for ever', async () => {
    await db?.close();
    db = undefined;
    const { writeFileSync } = await import('node:fs');
    // A pid no process has (above the kernel's limit).
    writeFileSync(path.join(dir, 'giftlane-in-use.pid'), '4194999\n');
    db = await openDb({ dataDir: dir });
    expect((await db.query<{ n: number }>('select 1 as n')).rows[0]?.n).toBe(1);
  });
});
