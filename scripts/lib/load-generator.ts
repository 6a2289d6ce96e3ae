// Load runs against the contact API and its baselines, with every answer counted, so that the
// stored rows can be checked against the 201s afterwards. wrk with a Lua script where installed,
// else a small Node generator with keep-alive sockets.
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { ContactInput } from '../../core/forms/contact.ts';
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
/** The token contactBody() writes into a message, read back from the stored rows. */
export const TOKEN_IN_MESSAGE = /Kennung ([a-z0-9-]+):(\d+):(\d+)/;

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

/** What the Lua script below prints after `BENCH-RESULT `. */
const wrkReport = z.object({
  requests: z.number(),
  durationUs: z.number(),
  p50Us: z.number(),
  p99Us: z.number(),
  errors: z.number(),
  statuses: z.record(z.string(), z.number()),
  ids: z.array(z.number()),
});

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
  const report = wrkReport.parse(JSON.parse(line[1]!));
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

export function percentile(sorted: number[], percent: number): number {
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
