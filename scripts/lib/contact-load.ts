// The contact API under load: a server with its own database and mail folder, and what it stored
// afterwards (rows, pending mails, the durability settings) for the checks of `npm run bench`.
// The load itself comes from scripts/lib/load-generator.ts.
import { closeSync, fdatasyncSync, mkdirSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, openConnection } from '../../server/store/database.ts';
import { startServer } from '../../server/index.ts';
import { onCleanup } from './cleanup.ts';
import { percentile, TOKEN_IN_MESSAGE } from './load-generator.ts';

export interface ContactServer {
  url: string;
  databasePath: string;
  mailDir: string;
  /** Lines the server logged (errors, failed mails); none are expected. */
  log: string[];
  close(): Promise<void>;
}

/**
 * The real server with its own database and mail folder under `workDir`: no per-address limit
 * (all load comes from 127.0.0.1), mail always to .eml files (never to an SMTP_URL of the
 * environment), no cron jobs during the measurement.
 */
export async function startContactServer(distDir: string, workDir: string): Promise<ContactServer> {
  const dataDir = join(workDir, 'contact');
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const databasePath = join(dataDir, 'site.db');
  const log: string[] = [];
  const server = await startServer({
    distDir,
    port: 0,
    host: '127.0.0.1',
    databasePath,
    log: (line) => void log.push(line),
    features: { smtpUrl: null, mailDir, contactPerTenMinutes: 1e9, contactPerHour: 1e9, jobs: false },
  });
  const close = onCleanup(() => server.close());
  return { url: server.url, databasePath, mailDir, log, close };
}

export interface StoredRows {
  total: number;
  /** Rows per run, from the token in each message. */
  byRun: Map<string, Set<number>>;
  /** Rows whose message carries a token seen before. */
  duplicates: number;
  pending: number;
  sent: number;
  failed: number;
  journalMode: string;
}

/** Reads the server's database through a second, read-only connection. */
export function readStoredRows(databasePath: string): StoredRows {
  const db = openConnection(databasePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT id, message, mail_status AS status FROM contact_messages').all() as {
      id: number;
      message: string;
      status: string;
    }[];
    const byRun = new Map<string, Set<number>>();
    const tokens = new Set<string>();
    let duplicates = 0;
    const count = { pending: 0, sent: 0, failed: 0 } as Record<string, number>;
    for (const row of rows) {
      count[row.status] = (count[row.status] ?? 0) + 1;
      const token = TOKEN_IN_MESSAGE.exec(row.message);
      if (!token) continue;
      if (tokens.has(token[0])) duplicates += 1;
      tokens.add(token[0]);
      const ids = byRun.get(token[1]!) ?? new Set<number>();
      ids.add(row.id);
      byRun.set(token[1]!, ids);
    }
    return {
      total: rows.length,
      byRun,
      duplicates,
      pending: count.pending ?? 0,
      sent: count.sent ?? 0,
      failed: count.failed ?? 0,
      journalMode: String(db.pragma('journal_mode', { simple: true })),
    };
  } finally {
    db.close();
  }
}

function pendingMails(databasePath: string): number {
  const db = openConnection(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'pending'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Waits until the server's background mails are written (no row pending); resolves to the seconds it took. */
export async function waitForMails(databasePath: string, timeoutMs: number): Promise<{ seconds: number; pending: number }> {
  const started = performance.now();
  let pending = pendingMails(databasePath);
  while (pending > 0 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    pending = pendingMails(databasePath);
  }
  return { seconds: (performance.now() - started) / 1000, pending };
}

const SYNCHRONOUS_NAMES = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

/**
 * `synchronous` belongs to a connection, not to the file, so a second connection cannot read the
 * server's. This reads it from a connection made by openDatabase(), the function the server opens
 * its database with.
 */
export function serverSynchronous(): string {
  const db = openDatabase(':memory:');
  try {
    const value = Number(db.pragma('synchronous', { simple: true }));
    return `${SYNCHRONOUS_NAMES[value] ?? 'unknown'} (${value})`;
  } finally {
    db.close();
  }
}

/** Median time of one 4 KB append plus fdatasync in `dir`: what one durable commit costs at least on this disk. */
export function fsyncMedianMs(dir: string, times = 40): number {
  const file = join(dir, 'fsync-probe');
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(4096, 1);
  const samples: number[] = [];
  try {
    for (let index = 0; index < times; index += 1) {
      const started = performance.now();
      writeSync(fd, block);
      fdatasyncSync(fd);
      samples.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
  }
  samples.sort((a, b) => a - b);
  return percentile(samples, 50);
}

export function countMailFiles(mailDir: string): number {
  try {
    return readdirSync(mailDir).filter((name) => name.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}
