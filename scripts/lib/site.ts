// Serves a built dist/ with the real server and a throw-away database, for the audit and the benchmark.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/store/database.ts';
import { startServer } from '../../server/index.ts';
import { freePort, waitForPort } from './port.ts';
import { REPO_ROOT } from './repo.ts';

export interface RunningSite {
  url: string;
  close(): Promise<void>;
}

export interface ProcessSite extends RunningSite {
  /** The server's process id, for its memory (/proc/<pid>/status). */
  pid: number;
}

export interface ServeOptions {
  /** Fills the review cache with sample rows, so that /bewertungen is audited as visitors see it. */
  sampleReviews?: boolean;
}

const SAMPLE_REVIEWS = [
  ['Anna K.', 5, 'Nachts ausgesperrt, nach 20 Minuten war jemand da. Tür ohne Schaden geöffnet, Preis wie am Telefon gesagt.', 2],
  ['Murat Y.', 5, 'Schnell, freundlich und fair. Bezahlung mit Karte war kein Problem.', 9],
  ['Jürgen Weiß', 4, 'Gute Arbeit beim Schlosswechsel, Termin wurde eingehalten.', 40],
  ['Sabine Groß', 5, null, 120],
  ['Thomas M.', 3, 'Hat etwas länger gedauert als angekündigt, aber die Tür war heil.', 400],
] as const;

function seedReviews(databasePath: string): void {
  const db = openDatabase(databasePath);
  try {
    const insert = db.prepare(
      `insert into google_reviews (id, author_name, author_url, author_photo_url, rating, text, time_created, synced_at)
       values (?, ?, null, null, ?, ?, ?, ?)`,
    );
    const now = Date.now();
    SAMPLE_REVIEWS.forEach(([name, rating, text, daysAgo], index) => {
      insert.run(`sample-${index}`, name, rating, text, new Date(now - daysAgo * 86_400_000).toISOString(), new Date(now).toISOString());
    });
  } finally {
    db.close();
  }
}

export async function serveSite(distDir: string, options: ServeOptions = {}): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-db-'));
  try {
    if (options.sampleReviews) seedReviews(join(dataDir, 'site.db'));
    const server = await startServer({
      distDir,
      port: 0,
      host: '127.0.0.1',
      databasePath: join(dataDir, 'site.db'),
    });
    return {
      url: server.url,
      async close() {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The server in a process of its own, started as the systemd unit starts it (`server/main.ts`), for
 * throughput figures: in the benchmark's own process it would share the heap and the garbage of
 * the builds that ran before.
 */
export async function serveSiteInProcess(distDir: string): Promise<ProcessSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-db-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DIST_DIR: distDir, DATABASE_PATH: join(dataDir, 'site.db'), JOBS: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  if (!(await waitForPort(port, 30_000))) {
    await close();
    throw new Error(`The server (server/main.ts) did not listen on port ${port} within 30 s.`);
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, close };
}
