// `<database>.lock`: the file a running server (or a restore) holds, so that `npm run restore`
// never replaces the database under a server and a second server never opens it during a restore.
// It holds the holder's pid and the boot it ran in; a lock whose process is gone (kill -9, also
// while it is still a zombie its parent has not collected) or that an earlier boot left (a power
// cut; its pid may now belong to another process) is stale and replaced.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

export interface LockHolder {
  pid: number;
  /** What holds it: the server (with its port once it listens) or `npm run restore`. */
  command: 'server' | 'restore';
  port?: number;
  since: string;
  /** Linux's id of the boot the holder ran in; absent where the system has none. */
  bootId?: string;
}

export interface DatabaseLock {
  /** Records the port the server listens on, for the message a second start gets. */
  setPort(port: number): void;
  /** Removes the lock file if it is still this holder's. */
  release(): void;
}

const NO_LOCK: DatabaseLock = { setPort: () => undefined, release: () => undefined };

export function lockPathOf(databasePath: string): string {
  return `${databasePath}.lock`;
}

/** This boot's id (Linux), or undefined elsewhere. */
const BOOT_ID = (() => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
})();

/**
 * Whether the process still runs. A process killed (kill -9) whose parent has not yet collected it
 * is a zombie: it holds nothing any more, but signal 0 still reaches its pid, so Linux's state of
 * it (Z, or X while it goes) in /proc/<pid>/stat says it is gone.
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc (not Linux): signal 0 is all there is to go by.
    return false;
  }
  // "pid (name) state …": the name may hold spaces and parentheses, the state follows the last ")".
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/**
 * A lock file as lockDatabase writes it. Another process (or version) wrote it, so only the pid
 * must be there: a lock of a live process is never replaced for a field this version reads otherwise.
 */
const holderSchema = z.object({
  pid: z.number().int().positive(),
  command: z.enum(['server', 'restore']).catch('server'),
  port: z.number().int().optional().catch(undefined),
  since: z.string().catch(''),
  bootId: z.string().optional().catch(undefined),
});

function readHolder(path: string): LockHolder | null {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  const holder = holderSchema.safeParse(json);
  return holder.success ? holder.data : null;
}

/** The live process other than this one that holds the database's lock, or null. */
export function databaseHolder(databasePath: string): LockHolder | null {
  if (databasePath === ':memory:') return null;
  const holder = readHolder(lockPathOf(databasePath));
  if (holder === null || holder.pid === process.pid) return null;
  // Written before the last reboot: whatever runs under that pid now is not the holder.
  if (holder.bootId !== undefined && BOOT_ID !== undefined && holder.bootId !== BOOT_ID) return null;
  return isAlive(holder.pid) ? holder : null;
}

export function describeHolder(holder: LockHolder): string {
  const port = holder.port === undefined ? '' : `, port ${holder.port}`;
  return holder.command === 'restore' ? `A restore (npm run restore, pid ${holder.pid})` : `Another server (pid ${holder.pid}${port})`;
}

/**
 * Creates the lock file exclusively. A lock of a live process other than this one stops it with a
 * message naming that process; a stale one (its process is gone) is replaced. This process's own
 * lock (a second server of a test) is taken over.
 */
export function lockDatabase(databasePath: string, command: LockHolder['command']): DatabaseLock {
  if (databasePath === ':memory:') return NO_LOCK;
  const path = lockPathOf(databasePath);
  const holder: LockHolder = { pid: process.pid, command, since: new Date().toISOString(), ...(BOOT_ID ? { bootId: BOOT_ID } : {}) };
  const write = (flag: 'wx' | 'w') => writeFileSync(path, `${JSON.stringify(holder)}\n`, { flag });
  for (let attempt = 0; ; attempt += 1) {
    try {
      mkdirSync(dirname(resolve(path)), { recursive: true });
      write('wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        throw new Error(`Cannot create the lock file ${path}: ${(error as Error).message}. Set DATABASE_PATH to a file in a writable folder.`);
      }
    }
    const other = databaseHolder(databasePath);
    if (other !== null) {
      throw new Error(
        `${describeHolder(other)} uses the database ${databasePath}; stop it first ` +
          `(sudo systemctl stop schluesseldienst for the installed server). Its lock is ${path}.`,
      );
    }
    rmSync(path, { force: true });
  }
  const ours = () => {
    const current = readHolder(path);
    return current !== null && current.pid === holder.pid && current.since === holder.since;
  };
  return {
    setPort(port) {
      if (!ours()) return;
      holder.port = port;
      write('w');
    },
    release() {
      if (ours()) rmSync(path, { force: true });
    },
  };
}
