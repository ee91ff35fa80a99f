import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './pg-cluster.js';

/** A throw-away redis-server of a test's own, on a free port: stopped, restarted, frozen and thawed at will. */
export interface ScratchRedis {
  url: string;
  port: number;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
  /** A new redis-server on the same port (empty: nothing saved). */
  start(): Promise<void>;
  /** SIGSTOP: the connection stays open and nothing is answered. */
  freeze(): void;
  /** SIGCONT. */
  thaw(): void;
  /** Gone for good (teardown): thawed, then killed. */
  kill(): Promise<void>;
}

export const redisInstalled = () => spawnSync('redis-server', ['--version']).status === 0;

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/**
 * Starts a redis-server (`--save '' --appendonly no`) on a free port and waits (5 s at most) until it accepts
 * connections.
 */
export async function scratchRedis(): Promise<ScratchRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const exited = new Map<ChildProcess, Promise<unknown>>();
  const start = async () => {
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    exited.set(c, new Promise((r) => c.once('exit', r)));
    child = c;
    for (let i = 0; i < 50; i++) {
      if (await answers(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const signal = (sig: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(sig);
  };
  const stopWith = async (sig: NodeJS.Signals) => {
    const c = child;
    if (!c) return;
    signal('SIGCONT');
    signal(sig);
    await Promise.race([exited.get(c), new Promise((r) => setTimeout(r, 5000))]);
    child = null;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: () => stopWith('SIGTERM'),
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    kill: () => stopWith('SIGKILL'),
  };
}
