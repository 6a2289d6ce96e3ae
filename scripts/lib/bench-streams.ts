// The stream part of `npm run bench`: the review change streams held up to their bound
// (server/reviews/events.ts), what one costs the server in memory, whether the static pages stay
// as fast while the bound is reached, and that the next stream gets 503.
import { readFileSync } from 'node:fs';
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import { EVENT_STREAMS_PER_ADDRESS, EVENT_STREAMS_TOTAL } from '../../server/config.ts';
import { GET_HEADERS, ms, rate, ratio, type Section } from './bench-format.ts';
import { runLoad, type LoadSpec } from './load-generator.ts';
import { serveSiteInProcess } from './site.ts';
import { formatBytes, formatTable } from './table.ts';

const PAGE_SECONDS = 3;

/** The server process's resident memory in bytes (Linux). */
function residentBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`/proc/${pid}/status has no VmRSS line.`);
  return Number(line[1]) * 1024;
}

/** A stream from the visitor at `address`: its status, and the request to end it with. */
function openStream(url: string, address: string): Promise<{ status: number; request: ClientRequest; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${url}/api/reviews/events`, { headers: { 'X-Forwarded-For': address }, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, request, response });
    });
    request.on('error', reject);
  });
}

/** Distinct visitor addresses, so only the total bound applies. */
const address = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

export async function benchStreams(distDir: string, workDir: string): Promise<Section> {
  console.log(`Event streams: ${EVENT_STREAMS_TOTAL} open review streams (the default bound), the server's memory, GET / meanwhile …`);
  const problems: string[] = [];
  const site = await serveSiteInProcess(distDir);
  const streams: Awaited<ReturnType<typeof openStream>>[] = [];
  try {
    const page = (run: string): LoadSpec => ({ run, method: 'GET', path: '/', headers: GET_HEADERS, connections: 10, seconds: PAGE_SECONDS });
    await runLoad(site.url, { ...page('warmup'), seconds: 1 }, workDir);
    const before = await runLoad(site.url, page('before'), workDir);
    const idle = residentBytes(site.pid);
    for (let index = 0; index < EVENT_STREAMS_TOTAL; index += 50) {
      streams.push(...(await Promise.all(Array.from({ length: 50 }, (_, offset) => openStream(site.url, address(index + offset))))));
    }
    const held = streams.filter((stream) => stream.status === 200).length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const full = residentBytes(site.pid);
    const during = await runLoad(site.url, page('during'), workDir);
    const next = await openStream(site.url, address(EVENT_STREAMS_TOTAL + 1));
    streams.push(next);
    const perStream = Math.round((full - idle) / Math.max(held, 1));
    if (held !== EVENT_STREAMS_TOTAL) problems.push(`Only ${held} of ${EVENT_STREAMS_TOTAL} streams were opened.`);
    if (next.status !== 503) problems.push(`The stream past the bound got ${next.status}, not 503.`);
    const rows = [
      ['streams held', String(held), `bound ${EVENT_STREAMS_TOTAL} in total, ${EVENT_STREAMS_PER_ADDRESS} per address`],
      ['next stream', String(next.status), 'expected 503 with Retry-After'],
      ['server memory', `${formatBytes(idle)} → ${formatBytes(full)}`, `${formatBytes(perStream)} per stream`],
      ['GET / (10 connections)', `${rate(before.requestsPerSecond)}/s → ${rate(during.requestsPerSecond)}/s`, `p99 ${ms(before.p99Ms)} → ${ms(during.p99Ms)}`],
    ];
    console.log(`\n${formatTable(['Event streams', 'Value', 'Note'], rows)}\n`);
    return {
      summary: [
        ['GET / with every stream slot taken vs none', ratio(during.requestsPerSecond, before.requestsPerSecond), `${rate(during.requestsPerSecond)} vs ${rate(before.requestsPerSecond)} req/s`],
        ['memory per open event stream', formatBytes(perStream), `${held} streams: ${formatBytes(idle)} → ${formatBytes(full)}`],
      ],
      problems,
    };
  } finally {
    for (const stream of streams) stream.request.destroy();
    await site.close();
  }
}
