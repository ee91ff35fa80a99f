/**
 * A PostgreSQL cluster of a test's own, to break on purpose: initdb in a temporary
 * folder, a server on a free loopback port, and the faults a production database has — a restart,
 * a stop, a freeze (SIGSTOP of every server process: a host that stops answering), a kill (SIGKILL
 * of the postmaster: a crash). Never the shared server on 5432.
 *
 * The binaries (initdb, pg_ctl) come from PG_BIN, PATH, or Debian's /usr/lib/postgresql/<version>/bin.
 * initdb refuses to run as root: as root,
 * every command runs as the `postgres` user (runuser), which then owns the folder.
 *
 * teardown() always cleans up (thaws, stops, kills what is left, removes the folder), and so does
 * the process's exit if a test never got there. Every wait has a bound.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PgCluster {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> (default: postgres). */
  url(database?: string): string;
  /** Creates a database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Starts the server (after stop() or kill()); answers once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server: 'fast' (connections are told and closed, the default) or 'immediate'. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /**
   * Stops (fast) and starts again: every connection is dropped with "terminating connection due to administrator
   * command".
   */
  restart(): Promise<void>;
  /** SIGSTOP to the postmaster and every server process: connections stay open and nothing answers. */
  freeze(): void;
  /** SIGCONT to every process freeze() stopped (and any new child). */
  thaw(): void;
  /** SIGKILL to the postmaster (a crash); waits until its server processes are gone too. start() recovers. */
  kill(): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  teardown(): Promise<void>;
}

/**
 * Where initdb and pg_ctl are: PG_BIN, else PATH, else Debian's /usr/lib/postgresql/<version>/bin
 * (the newest), which the postgresql package does not put on PATH.
 */
function binDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).status === 0) return null;
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = `/usr/lib/postgresql/${v}/bin`;
      if (spawnSync(path.join(dir, 'initdb'), ['--version']).status === 0) return dir;
    }
  } catch {
    // no Debian packages
  }
  return null;
}
let dir: string | null | undefined;
const bin = (name: string) => {
  if (dir === undefined) dir = binDir();
  return dir ? path.join(dir, name) : name;
};
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** util-linux's runuser lives in sbin, which a test runner's PATH may lack. */
const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => existsSync(p)) ?? 'runuser';

/** Runs a server binary (as `postgres` when we are root), within timeoutMs. */
function run(cmd: string, args: string[], timeoutMs: number): Promise<string> {
  const [file, argv] = asRoot ? [runuser, ['-u', 'postgres', '--', bin(cmd), ...args]] : [bin(cmd), args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')}: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Whether this machine can run a cluster of its own (initdb found, see bin()). */
export function pgClusterStatus(): { ok: true } | { ok: false; why: string } {
  const args = ['--version'];
  const r = asRoot
    ? spawnSync(runuser, ['-u', 'postgres', '--', bin('initdb'), ...args], { encoding: 'utf8', timeout: 10_000 })
    : spawnSync(bin('initdb'), args, { encoding: 'utf8', timeout: 10_000 });
  if (r.status === 0) return { ok: true };
  return { ok: false, why: (r.stderr || r.error?.message || 'initdb not found').trim() };
}

/** A port nobody listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The pids whose parent is pid (from /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses: read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (at most timeoutMs) until none of pids is alive; answers whether they are all gone. */
async function gone(pids: number[], timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!pids.some(alive)) return true;
    await sleep(50);
  }
  return !pids.some(alive);
}

/**
 * initdb and start a cluster on a free port. Settings suit short tests: no fsync, few connections,
 * small memory, the socket in the cluster's own folder, loopback only, trust for the local user.
 */
export async function startPgCluster(opts: { maxConnections?: number } = {}): Promise<PgCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'gl-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(root, uid, gid);
  }
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    `-c max_connections=${opts.maxConnections ?? 40}`,
    // No fsync: a crash of the server (kill()) loses nothing the OS holds, only a crash of the
    // machine would. synchronous_commit stays on: with it off, a commit already answered could be
    // lost by kill(), which is not what production does.
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c shared_buffers=16MB',
  ].join(' ');

  let postmaster = 0;
  let frozen: number[] = [];
  const readPid = () => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const processes = () => (postmaster && alive(postmaster) ? [postmaster, ...childrenOf(postmaster)] : []);

  const cleanupOnExit = () => {
    for (const pid of [...processes(), ...frozen]) signal(pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', cleanupOnExit);
  // And should this process die without running exit handlers (a test runner killing its
  // worker): a watchdog of its own kills the server and removes the folder once we are gone.
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$1" 2>/dev/null; do sleep 1; done; if [ -f "$2/postmaster.pid" ]; then pm=$(head -n 1 ' +
        '"$2/postmaster.pid"); kill -9 "$pm" $(pgrep -P "$pm") 2>/dev/null; fi; rm -rf "$3"',
      'pg-cluster-watchdog',
      String(process.pid),
      dataDir,
      root,
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();

  const cluster: PgCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const c = new pg.Client({ connectionString: cluster.url(), connectionTimeoutMillis: 5000 });
      await c.connect();
      try {
        await c.query(`create database ${name}`);
      } finally {
        await c.end();
      }
      return cluster.url(name);
    },
    async start() {
      await run('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', logFile, '-o', serverOptions], 40_000);
      postmaster = readPid();
    },
    async stop(mode = 'fast') {
      cluster.thaw();
      const pids = processes();
      await run('pg_ctl', ['stop', '-w', '-t', '30', '-m', mode, '-D', dataDir], 40_000);
      await gone(pids, 5000);
    },
    async restart() {
      await cluster.stop('fast');
      await cluster.start();
    },
    freeze() {
      // The postmaster first, so that it starts no new process meanwhile; then every child.
      const pids = processes();
      for (const pid of pids) signal(pid, 'SIGSTOP');
      frozen = [...new Set([...frozen, ...pids])];
    },
    thaw() {
      const pids = [...new Set([...frozen, ...processes()])];
      for (const pid of pids) signal(pid, 'SIGCONT');
      frozen = [];
    },
    async kill() {
      cluster.thaw();
      const pids = processes();
      signal(postmaster, 'SIGKILL');
      // Server processes notice the postmaster's death and exit; a new postmaster cannot start
      // while they still hold the shared memory. Those that linger are killed too.
      if (!(await gone(pids, 5000))) {
        for (const pid of pids) signal(pid, 'SIGKILL');
        await gone(pids, 5000);
      }
    },
    log() {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async teardown() {
      process.removeListener('exit', cleanupOnExit);
      if (watchdog.pid) signal(watchdog.pid, 'SIGKILL');
      cluster.thaw();
      const pids = processes();
      if (pids.length) {
        await run('pg_ctl', ['stop', '-w', '-t', '10', '-m', 'immediate', '-D', dataDir], 15_000).catch(() => {});
        if (!(await gone(pids, 5000))) for (const pid of pids) signal(pid, 'SIGKILL');
        await gone(pids, 5000);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };

  try {
    await run(
      'initdb',
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
      120_000,
    );
    await cluster.start();
  } catch (err) {
    await cluster.teardown();
    throw err;
  }
  return cluster;
}
