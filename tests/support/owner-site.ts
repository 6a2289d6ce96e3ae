// The owner's console on the real server, for a test file: the run's shared build, a throw-away
// copy of data/ as the server's data folder, a real SQLite file with a password, and a session
// cookie from a real login.
import { join } from 'node:path';
import { parse } from 'yaml';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import type { FeatureConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { copyData, type DataCopy } from './data-copy.ts';
import { buildSite } from './site-build.ts';
import { tempDir } from './temp-dir.ts';

export interface OwnerSite {
  data: DataCopy;
  server: RunningServer;
  db: Db;
  /** "owner_session=…", for a request's Cookie header. */
  cookie: string;
  words: ConsoleWords;
  /** The server's log lines so far. */
  log: string[];
  /** GET with the session: status and HTML. */
  page(path: string): Promise<{ status: number; html: string }>;
  close(): Promise<void>;
}

/** Where the console's server serves from and edits: a build (its folder or release link) and a data folder (a copy, or a checkout's). */
export interface OwnerConsoleSource {
  distDir: string;
  data: DataCopy;
  /** Receives the server's log lines (one of the test's own); a new array otherwise. */
  log?: string[];
  /** Adds to or overrides the test server's settings (e.g. `pageCountFlushMs`, `googlePlaceId`, mail, the Places API, the push service). */
  features?: Partial<FeatureConfig>;
}

/** The real server on `source`, its own SQLite file with `password` set, and a session from a real login. */
export async function startOwnerConsole(prefix: string, password: string, { distDir, data, log = [], features = {} }: OwnerConsoleSource): Promise<OwnerSite> {
  const words = consoleWordsSchema.parse(parse(data.read('console.yaml')));
  const dir = tempDir(prefix);
  const server = await startServer({
    distDir,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: (line) => log.push(line),
    features: { jobs: false, smtpUrl: null, mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), loginFailureMs: 100, googlePlacesApiKey: null, dataDir: data.dir, ...features },
  });
  const db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(password));
  const login = await fetch(`${server.url}/intern/anmelden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password }), redirect: 'manual' });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return {
    data,
    server,
    db,
    cookie,
    words,
    log,
    async page(path) {
      const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
      return { status: answer.status, html: await answer.text() };
    },
    async close() {
      await server.close();
      db.close();
      data.remove();
    },
  };
}

/** The console on the run's shared build and a fresh copy of data/; `features` as in startOwnerConsole. */
export async function openOwnerSite(prefix: string, password: string, features: Partial<FeatureConfig> = {}): Promise<OwnerSite> {
  return startOwnerConsole(prefix, password, { distDir: (await buildSite()).dir, data: copyData(), features });
}
