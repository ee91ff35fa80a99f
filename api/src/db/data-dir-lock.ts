// The embedded database (PGlite) is a folder that one process at a time may open: a second process
// opening it works on its own copy in memory, and what it writes is lost (or overwrites the first's)
// when either closes. So the process that opens the folder marks it with its pid, and another
// process refuses to open it while that pid lives. PostgreSQL (DATABASE_URL) has no such limit.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'giftlane-in-use.pid';

/** The folder is open in another living process (the running site, most often). */
export class DataDirInUse extends Error {
  readonly code = 'GL_DATA_DIR_IN_USE';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${pid}, the running site most often); ` +
        'one process at a time may open it. Stop that process (Ctrl-C where `npm start` runs) and run this again, ' +
        'or run the site on PostgreSQL (DATABASE_URL), which any number of processes share.',
    );
    this.name = 'DataDirInUse';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Handles this process has open on each folder: the mark goes when the last one closes. */
const opened = new Map<string, number>();

function release(file: string) {
  if (holder(file) !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

process.once('exit', () => {
  for (const file of opened.keys()) release(file);
});

/**
 * Marks `dataDir` as open in this process, or throws DataDirInUse when another living process has
 * it. A mark left by a process that died (killed, crashed) is taken over. Returns the release.
 */
export function holdDataDir(dataDir: string): () => void {
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  if (!opened.has(file)) {
    for (let attempt = 0; ; attempt++) {
      try {
        writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
        const pid = holder(file);
        if (pid !== undefined && pid !== process.pid && alive(pid)) throw new DataDirInUse(dataDir, pid);
        // Left by a process that is gone (or by this one): take it over.
        unlinkSync(file);
      }
    }
  }
  opened.set(file, (opened.get(file) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (opened.get(file) ?? 1) - 1;
    if (left > 0) return void opened.set(file, left);
    opened.delete(file);
    release(file);
  };
}
