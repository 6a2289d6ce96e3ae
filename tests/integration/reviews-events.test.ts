// The review change streams are bounded: in total and per visitor address, past which a client
// gets 503 with Retry-After instead of a socket held open; a slot comes free when a stream ends,
// and no stream outlives its maximum age. Real HTTP against the reviews routes on a real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { featuresFromEnv } from '../../server/config.ts';
import { reviewsApi, type ReviewsApiOptions } from '../../server/reviews/routes.ts';
import { MESSAGES } from '../support/server-files.ts';

let dir: string;
let db: Db;
const running: { http: Server; shutdown: AbortController }[] = [];
const streams: IncomingMessage[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'streams-'));
  db = openDatabase(join(dir, 'site.db'));
});

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.destroy();
  for (const { http, shutdown } of running.splice(0)) {
    shutdown.abort();
    await new Promise((resolve) => http.close(resolve));
  }
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The reviews routes behind a loopback "proxy" (X-Forwarded-For names the visitor), with these bounds. */
async function serve(total: number, perAddress: number, options: ReviewsApiOptions = {}): Promise<string> {
  const shutdown = new AbortController();
  const config = { ...featuresFromEnv({}), eventStreamsTotal: total, eventStreamsPerAddress: perAddress };
  const app = express().set('trust proxy', 'loopback');
  app.use('/api/reviews', reviewsApi({ db, config, site: null, messages: MESSAGES, log: () => undefined, shutdown: shutdown.signal }, options));
  const http = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  running.push({ http, shutdown });
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** Opens a stream as the visitor at `address`; resolves with the answer's head (the body keeps flowing). */
function connect(url: string, address: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${url}/api/reviews/events`, { headers: { 'X-Forwarded-For': address } }, (response) => {
      streams.push(response);
      response.resume();
      resolve(response);
    });
    req.on('error', reject);
  });
}

const ended = (stream: IncomingMessage) => new Promise((resolve) => stream.on('close', resolve));

describe('GET /api/reviews/events, bounded', () => {
  it('refuses a visitor past the per-address bound with 503 and Retry-After; other visitors still get streams', async () => {
    const url = await serve(10, 2);
    expect((await connect(url, '198.51.100.1')).statusCode).toBe(200);
    expect((await connect(url, '198.51.100.1')).statusCode).toBe(200);
    const refused = await connect(url, '198.51.100.1');
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await connect(url, '198.51.100.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 visitor by its /64: other addresses of the same block share its bound, the next block does not', async () => {
    const url = await serve(50, 3);
    const answers = [];
    for (let host = 1; host <= 20; host++) answers.push((await connect(url, `2001:db8:5:6::${host.toString(16)}`)).statusCode);
    expect(answers.filter((status) => status === 200)).toHaveLength(3);
    expect(answers.slice(3).every((status) => status === 503)).toBe(true);
    expect((await connect(url, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('refuses everybody past the total bound, and takes the next visitor once a stream ends', async () => {
    const url = await serve(3, 2);
    const first = await connect(url, '198.51.100.1');
    await connect(url, '198.51.100.2');
    await connect(url, '198.51.100.3');
    expect((await connect(url, '198.51.100.4')).statusCode).toBe(503);
    first.destroy();
    await expect.poll(async () => (await connect(url, '198.51.100.4')).statusCode, { timeout: 2000, interval: 50 }).toBe(200);
  });

  it('ends a stream at its maximum age (a browser reconnects; a peer that is gone does not come back)', async () => {
    const url = await serve(10, 2, { heartbeatMs: 20, streamMaxAgeMs: 150 });
    const stream = await connect(url, '198.51.100.1');
    const started = Date.now();
    await ended(stream);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect((await connect(url, '198.51.100.1')).statusCode).toBe(200);
  });
});
