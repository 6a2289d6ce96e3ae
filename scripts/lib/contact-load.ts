// Load runs against the contact API and its baselines, with every answer counted, so that the
// stored rows can be checked against the 201s afterwards. wrk with a Lua script where installed,
// else a small Node generator with keep-alive sockets.
import { closeSync, fdatasyncSync, mkdirSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ContactInput } from '../../data/schema/contact.ts';
import { openDatabase } from '../../server/db.ts';
import { startServer } from '../../server/index.ts';
import { onCleanup } from './cleanup.ts';
import { runWrkScript, wrkInstalled } from './wrk.ts';

const TOKEN = '@@TOKEN@@';
const SAMPLE: ContactInput = {
  form: 'kontakt',
  name: 'Lasttest Benchmark',
  email: '',
  phone: '0201 123456',
  message: `Benchmark: Tür klemmt, bitte ignorieren. Kennung ${TOKEN}`,
  privacy: true,
  website: '',
};
const [BODY_PREFIX, BODY_SUFFIX] = JSON.stringify(SAMPLE).split(TOKEN) as [string, string];
const TOKEN_IN_MESSAGE = /Kennung ([a-z0-9-]+):(\d+):(\d+)/;

/** A complete contact body whose message carries `token`. */
export function contactBody(token: string): string {
  return BODY_PREFIX + token + BODY_SUFFIX;
}

export interface LoadSpec {
  /** Goes into each POST body's token, so that rows can be told apart by run. */
  run: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  tool: 'wrk' | 'node';
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** The `id` of every 201 answer. */
  createdIds: number[];
  /** Connect, read, write and timeout errors. */
  errors: number;
}

export function loadTool(): 'wrk' | 'node' {
  return wrkInstalled() ? 'wrk' : 'node';
}

export function runLoad(baseUrl: string, spec: LoadSpec, scriptDir: string): Promise<LoadResult> {
  return wrkInstalled() ? runWrkLoad(baseUrl, spec, scriptDir) : runNodeLoad(baseUrl, spec);
}

function luaString(value: string): string {
  if (value.includes(']==]')) throw new Error('A Lua long string cannot hold "]==]".');
  return `[==[${value}]==]`;
}

// Each wrk thread runs its own Lua state: tokens are unique per thread through `tid`, and done()
// (in the main state) gathers every thread's counts.
function luaScript(spec: LoadSpec): string {
  const headers = Object.entries(spec.headers)
    .map(([name, value]) => `[ ${luaString(name)} ] = ${luaString(value)}`)
    .join(', ');
  const body = spec.method === 'POST' ? `${luaString(BODY_PREFIX)}, ${luaString(BODY_SUFFIX)}` : 'nil, nil';
  return `local method, path, run = ${luaString(spec.method)}, ${luaString(spec.path)}, ${luaString(spec.run)}
local headers = { ${headers} }
local prefix, suffix = ${body}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function init(args)
  counter, statuses, ids = 0, {}, {}
end

function request()
  counter = counter + 1
  local body = nil
  if prefix then body = prefix .. run .. ":" .. tid .. ":" .. counter .. suffix end
  return wrk.format(method, path, headers, body)
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
  if status == 201 then ids[#ids + 1] = body:match('"id":(%d+)') or "0" end
end

function done(summary, latency, requests)
  local merged, all, parts = {}, {}, {}
  for _, thread in ipairs(threads) do
    for key, n in pairs(thread:get("statuses")) do merged[key] = (merged[key] or 0) + n end
    for _, id in ipairs(thread:get("ids")) do all[#all + 1] = id end
  end
  for key, n in pairs(merged) do parts[#parts + 1] = string.format('"%s":%d', key, n) end
  local e = summary.errors
  io.write(string.format('\\nBENCH-RESULT {"requests":%d,"durationUs":%d,"p50Us":%.1f,"p99Us":%.1f,"errors":%d,"statuses":{%s},"ids":[%s]}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, table.concat(parts, ","), table.concat(all, ",")))
end
`;
}

interface WrkReport {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  errors: number;
  statuses: Record<string, number>;
  ids: number[];
}

async function runWrkLoad(baseUrl: string, spec: LoadSpec, scriptDir: string): Promise<LoadResult> {
  const script = join(scriptDir, `${spec.run}.lua`);
  writeFileSync(script, luaScript(spec));
  const output = await runWrkScript(new URL(spec.path, baseUrl).href, {
    threads: Math.min(2, spec.connections),
    connections: spec.connections,
    seconds: spec.seconds,
    script,
  });
  const line = /^BENCH-RESULT (.*)$/m.exec(output);
  if (!line) throw new Error(`wrk's Lua script printed no result:\n${output}`);
  const report = JSON.parse(line[1]!) as WrkReport;
  return {
    tool: 'wrk',
    requests: report.requests,
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    statuses: report.statuses,
    createdIds: report.ids,
    errors: report.errors,
  };
}

function send(agent: Agent, url: URL, spec: LoadSpec, body: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? spec.headers : { ...spec.headers, 'Content-Length': String(Buffer.byteLength(body)) };
    const request = httpRequest(url, { method: spec.method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.once('error', reject);
    request.end(body);
  });
}

function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1)]!;
}

// Unlike wrk, every request started before the deadline is awaited, so no answer goes uncounted.
async function runNodeLoad(baseUrl: string, spec: LoadSpec): Promise<LoadResult> {
  const url = new URL(spec.path, baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const createdIds: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + spec.seconds * 1000;
  const worker = async (tid: number) => {
    for (let counter = 1; performance.now() < deadline; counter += 1) {
      const body = spec.method === 'POST' ? contactBody(`${spec.run}:${tid}:${counter}`) : undefined;
      const sent = performance.now();
      try {
        const answer = await send(agent, url, spec, body);
        latencies.push(performance.now() - sent);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) createdIds.push(Number(/"id":(\d+)/.exec(answer.text)?.[1] ?? 0));
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, (_, index) => worker(index + 1)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    tool: 'node',
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    statuses,
    createdIds,
    errors,
  };
}

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
    features: { smtpUrl: null, mailDir, contactPerTenMinutes: 1e9, jobs: false },
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
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
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
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
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
