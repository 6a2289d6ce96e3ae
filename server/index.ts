// startServer: serves the built site from memory and hosts the Express app on one port.
import { SERVER_FILES, serverFileProblems } from '../core/build-server-contract.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { openDatabase, type Db } from './store/database.ts';
import type { ApiContext, Log } from './context.ts';
import { fixedReplies } from './http/replies.ts';
import { createRequestListener } from './http/listener.ts';
import { gracefulCloser } from './http/shutdown.ts';
import { loadStaticTable } from './http/table.ts';
import { backupJobs } from './store/backup.ts';
import { mailRetryJobs, settleDeliveries } from './contact/outbox.ts';
import { contactRetentionJobs } from './contact/retention.ts';
import { createPageCounter, pageCountsJobs } from './visits/counts.ts';
import { reviewsJobs } from './reviews/routes.ts';
import { REVIEWS_PAGE_PATH } from './reviews/page.ts';
import { featuresFromEnv, type FeatureConfig } from './config.ts';
import { parseFallbackPlaces, parseHeaderPolicy, parseMessages, parseSiteFacts, readServerFile } from './facts.ts';
import { visitsJobs } from './visits/log.ts';
import { lockDatabase } from './store/lock.ts';

// Mails a request started may finish after the last response; a mail still open after this stays
// pending and goes out with the next retry.
const DELIVERY_GRACE_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

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

/** What a build left for the server, each file read once; a dist/ whose files another build version wrote stops the start. */
function readBuild(distDir: string, log: Log) {
  const siteFacts = readServerFile(distDir, 'siteFacts');
  const messagesFile = readServerFile(distDir, 'messages');
  const policy = readServerFile(distDir, 'policy');
  const fallbackPlaces = readServerFile(distDir, 'fallbackPlaces');
  const table = loadStaticTable(distDir, { rendered: [REVIEWS_PAGE_PATH], policy: parseHeaderPolicy(policy) });
  const messagePage = table.templates.get(SERVER_FILES.messagePage) ?? null;
  const consolePage = table.templates.get(SERVER_FILES.consolePage) ?? null;
  const unknownPlacePage = table.templates.get(SERVER_FILES.unknownPlacePage) ?? null;
  const problems = serverFileProblems({ unknownPlacePage, fallbackPlaces, messagePage, consolePage, siteFacts, messages: messagesFile, policy });
  // The messages fit when nothing is wrong (serverFileProblems refuses a missing file too).
  const messages = parseMessages(messagesFile);
  if (problems.length > 0 || messages === null) throw new Error(`The built site in ${distDir} does not fit this server:\n${problems.map((line) => `- ${line}`).join('\n')}`);
  return { table, site: parseSiteFacts(siteFacts, log), messages, messagePage, consolePage, fallbackPlaces: parseFallbackPlaces(fallbackPlaces) };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? console.log;
  const { table, site, messages, messagePage, consolePage, fallbackPlaces } = readBuild(resolve(options.distDir), log);
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
  const config = { ...featuresFromEnv(), ...options.features };
  const api: ApiContext = { db, config, site, messages, log, shutdown: shutdown.signal, messagePage };
  // Our own hosts, for cross-site checks and absolute-form request targets; the listening address
  // joins once the port is known.
  const ownHosts = new Set<string>(api.site ? [new URL(api.site.url).host] : []);
  const replies = fixedReplies(messages, messagePage, table.security);
  const app = createApp({ api, table, replies, ownHosts, consolePage, fallbackPlaces });
  const stopJobs = config.jobs ? [mailRetryJobs(api), contactRetentionJobs(api), reviewsJobs(api), visitsJobs(api), pageCountsJobs(api), backupJobs(api)] : [];
  const pageViews = createPageCounter(db, { flushEveryMs: config.pageCountFlushMs, log });
  const server = createServer(createRequestListener({ table, replies, app, shutdown: shutdown.signal, pageViews, ownHosts }));
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
  ownHosts.add(`${host}:${port}`);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        shutdown.abort();
        for (const stop of stopJobs) stop();
        await closeGracefully();
        // Every page was answered: the last counts go to the database before it closes.
        pageViews.close();
        await settleDeliveries(api, DELIVERY_GRACE_MS);
        db.close();
        lock.release();
      })();
      return closing;
    },
  };
}
