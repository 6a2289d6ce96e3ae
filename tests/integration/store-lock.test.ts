// The lock a running server holds on its database (`<database>.lock`): a second server stops with
// the first one's pid, a lock whose process died or that an earlier boot left is replaced, and it
// goes when the server closes or fails to start.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/index.ts';
import { lockPathOf } from '../../server/store/lock.ts';
import { tempDir } from '../support/temp-dir.ts';
import { writeContactSite } from './fixtures/contact-sink.ts';
import { spawnServerProcess, type ServerProcess } from './fixtures/server-process.ts';

let root: string;
const children: ServerProcess[] = [];

beforeAll(() => {
  root = tempDir('server-lock-');
  writeContactSite(join(root, 'dist'));
});

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const options = (databasePath: string, port = 0) => ({ distDir: join(root, 'dist'), port, host: '127.0.0.1', databasePath, log: () => undefined, features: { jobs: false } });

describe('the database lock', () => {
  it('stops a second server while the first runs, and is replaced once the first was killed', { timeout: 30_000 }, async () => {
    const databasePath = join(root, 'shared.db');
    const first = spawnServerProcess({ DIST_DIR: join(root, 'dist'), DATABASE_PATH: databasePath, MAIL_DIR: join(root, 'mail') });
    children.push(first);
    const port = new URL(await first.url).port;

    await expect(startServer(options(databasePath))).rejects.toThrow(
      `Another server (pid ${first.child.pid}, port ${port}) uses the database ${databasePath}; stop it first`,
    );

    first.child.kill('SIGKILL');
    expect(await first.exit).toBe('SIGKILL');
    expect(existsSync(lockPathOf(databasePath))).toBe(true);
    const second = await startServer(options(databasePath));
    expect(JSON.parse(readFileSync(lockPathOf(databasePath), 'utf8'))).toMatchObject({ pid: process.pid, command: 'server', port: second.port });
    await second.close();
    expect(existsSync(lockPathOf(databasePath))).toBe(false);
  });

  it('is replaced within a second of a kill -9, while the killed server is still a zombie its parent has not collected', { timeout: 60_000 }, async () => {
    const databasePath = join(root, 'zombie.db');
    // The server's parent is a shell that then becomes `sleep`, which never collects its children,
    // as a supervisor busy elsewhere would not at once.
    const parent = spawn('sh', ['-c', 'node --import tsx server/main.ts >/dev/null 2>&1 & exec sleep 60'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', JOBS: 'off', DIST_DIR: join(root, 'dist'), DATABASE_PATH: databasePath, MAIL_DIR: join(root, 'mail') },
      stdio: 'ignore',
    });
    try {
      const lock = lockPathOf(databasePath);
      await expect.poll(() => (existsSync(lock) ? JSON.parse(readFileSync(lock, 'utf8')).port : undefined), { timeout: 45_000, interval: 100 }).toBeGreaterThan(0);
      const { pid } = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0], { timeout: 5_000, interval: 20 }).toBe('Z');
      const killedAt = Date.now();
      const server = await startServer(options(databasePath));
      expect(Date.now() - killedAt).toBeLessThan(1000);
      expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, port: server.port });
      await server.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('is replaced when an earlier boot left it, even if its pid now belongs to a live process (a power cut)', async () => {
    const databasePath = join(root, 'rebooted.db');
    // pid 1 is always alive; the lock says it ran in another boot.
    writeFileSync(lockPathOf(databasePath), JSON.stringify({ pid: 1, command: 'server', since: '2026-11-01T02:00:00.000Z', bootId: 'an-earlier-boot' }));
    const server = await startServer(options(databasePath));
    expect(JSON.parse(readFileSync(lockPathOf(databasePath), 'utf8'))).toMatchObject({ pid: process.pid });
    await server.close();
    // The same lock of this boot still stops the start.
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    writeFileSync(lockPathOf(databasePath), JSON.stringify({ pid: 1, command: 'server', since: '2026-11-01T02:00:00.000Z', bootId }));
    await expect(startServer(options(databasePath))).rejects.toThrow(/Another server \(pid 1\)/);
  });

  it('is released when the start fails', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const databasePath = join(root, 'busy.db');
    try {
      await expect(startServer(options(databasePath, (busy.address() as AddressInfo).port))).rejects.toThrow(/Cannot listen/);
      expect(existsSync(lockPathOf(databasePath))).toBe(false);
    } finally {
      busy.close();
    }
  });

  it('is not taken for a database in memory', async () => {
    const server = await startServer(options(':memory:'));
    await server.close();
    expect(existsSync(lockPathOf(':memory:'))).toBe(false);
  });
});
