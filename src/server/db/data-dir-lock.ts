import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process at a time on an embedded database folder: PGlite has no locking of its own, and
 * two processes writing the same folder corrupt it. Returns the function that releases the lock.
 */
/** The lock's file in the data folder: the process id of its holder. */
export const LOCK_FILE = 'bullpen.lock';

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const holder = readHolder(file);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${holder} (a running Bullpen server?). Stop it first, or use another BULLPEN_DATA_DIR.`,
    );
  }
  writeFileSync(file, String(process.pid));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readHolder(file) === process.pid) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return release;
}

/** The live process other than this one holding the folder's lock, if any (read without taking it). */
export function lockHolder(dir: string): number | null {
  const holder = readHolder(join(dir, LOCK_FILE));
  return holder && holder !== process.pid && isAlive(holder) ? holder : null;
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a folder holds an embedded database: PostgreSQL's data folders hold PG_VERSION, and opening one without it
 * would create a new, empty database there.
 */
export function holdsDatabase(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}
