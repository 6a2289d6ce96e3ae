// startServer: serves the built site from memory and hosts the Express app on one port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { openDatabase, type Db } from './store/database.ts';
import type { Log } from './context.ts';
import { createRequestListener } from './http/listener.ts';
import { gracefulCloser } from './http/shutdown.ts';
import { LimitCounts } from './http/limit.ts';
import { followReleases, loadRelease, makeRelease, openingRelease, servedContext, type ReleaseParts } from './release.ts';
import { backupJobs } from './store/backup.ts';
import { summaryJobs } from './push/summary.ts';
import { mailRetryJobs, settleDeliveries } from './contact/outbox.ts';
import { closeMailPool } from './contact/mail.ts';
import { contactRetentionJobs } from './contact/retention.ts';
import { createPageCounter, pageCountsJobs } from './visits/counts.ts';
import { reviewsJobs } from './reviews/routes.ts';
import { featuresFromEnv, type FeatureConfig } from './config.ts';
import { visitsJobs } from './visits/log.ts';
import { lockDatabase } from './store/lock.ts';

// Mails a request started may finish after the last response; a mail still queued after this stays
// pending and goes out with the next retry.
const DELIVERY_GRACE_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** How often the server looks whether dist/ stands for another release (server/release.ts). */
const RELEASE_POLL_MS = 500;

export interface ServerOptions {
  /** The built site (`dist/`). */
  distDir: string;
  /** 0 picks a free port. */
  port: number;
  host: string;
  databasePath: string;
  /** Receives one line per 404 and per server error; console.log when omitted. */
  log?: Log;
  /** Overrides of the environment's settings of the features (tests; server/config.ts). */
  features?: Partial<FeatureConfig>;
}

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Stops accepting, lets in-flight requests finish, closes idle keep-alive sockets, writes the
   * page counts still in memory and closes the database.
   */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          `Cannot listen on ${host}:${port}: ${error.code ?? error.message}. ` +
            'Stop the other process using that port or set PORT (and HOST) to another value.',
        ),
      );
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? console.log;
  const distDir = resolve(options.distDir);
  // The release dist/ stands for, its links resolved (or an earlier one when it does not fit): a
  // build that switches dist/ meanwhile is followed below.
  const { folder, build, refused } = openingRelease(distDir, log);
  // Held until close(): `npm run restore` refuses while it is, and a second server does not start.
  const lock = lockDatabase(options.databasePath, 'server');
  let db: Db;
  try {
    db = openDatabase(options.databasePath);
  } catch (error) {
    lock.release();
    throw error;
  }
  const shutdown = new AbortController();
  const config = { ...featuresFromEnv(), ...options.features, distDir };
  let address: string | null = null;
  const parts: ReleaseParts = { db, config, log, shutdown: shutdown.signal, kept: { limits: new LimitCounts(), refusedRelease: refused }, listening: () => address };
  let current = makeRelease(folder, build, parts);
  // The jobs, and the mails still in flight at close, read the facts of the release served when they run.
  const api = servedContext(parts, () => current);
  const stopJobs = config.jobs ? [mailRetryJobs(api), contactRetentionJobs(api), reviewsJobs(api), visitsJobs(api), pageCountsJobs(api), backupJobs(api), summaryJobs(api)] : [];
  const pageViews = createPageCounter(db, { flushEveryMs: config.pageCountFlushMs, log });
  const server = createServer(createRequestListener({ served: () => current, shutdown: shutdown.signal, pageViews }));
  // A request (headers and body) that takes longer is a stalled or hostile client; the largest
  // body (32 KB) arrives in seconds even on a poor mobile connection.
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  const closeGracefully = gracefulCloser(server);
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    for (const stop of stopJobs) stop();
    pageViews.close();
    db.close();
    lock.release();
    throw error;
  }
  server.on('error', (error) => log(`Server error: ${error.message}`));

  const port = (server.address() as AddressInfo).port;
  lock.setPort(port);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  address = `${host}:${port}`;
  current.ownHosts.add(address);
  const follower = followReleases(distDir, () => current, (next) => loadRelease(next, parts, current), (release) => (current = release), log, RELEASE_POLL_MS, parts.kept);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        shutdown.abort();
        follower.stop();
        for (const stop of stopJobs) stop();
        await closeGracefully();
        // Every page was answered: the last counts go to the database before it closes.
        pageViews.close();
        await settleDeliveries(api, DELIVERY_GRACE_MS);
        // Mails still queued in the pool (at MAILS_PER_SECOND) are given up and stay pending; the
        // one on the wire finishes and is marked sent before the database closes.
        closeMailPool(config);
        await settleDeliveries(api, DELIVERY_GRACE_MS);
        db.close();
        lock.release();
      })();
      return closing;
    },
  };
}
