// Every per-address limit of the API (server/http/limit.ts) counts an IPv6 visitor by its /64, as
// the login throttle and the event streams do (`addressKey`): the other addresses of one block
// share its count, the next block has its own, and IPv4 stays per address. Real HTTP behind a
// loopback "proxy" that names the visitor in X-Forwarded-For.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRateLimit } from '../../server/http/limit.ts';

let http: Server;
let base: string;

beforeAll(async () => {
  const app = express().set('trust proxy', 'loopback');
  app.use(apiRateLimit({ windowMs: 60_000, limit: 3, text: 'Zu viele Anfragen. Bitte versuchen Sie es in {minutes} Min. erneut.' }));
  app.get('/', (_req, res) => void res.json({ ok: true }));
  http = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => http.close(resolve)));

const from = (address: string) => fetch(base, { headers: { 'X-Forwarded-For': address } });

describe('per-address API limits', () => {
  it('count an IPv6 visitor by its /64, an IPv4 one by its address', async () => {
    const sameBlock = [];
    for (let host = 1; host <= 4; host++) sameBlock.push((await from(`2001:db8:9:9::${host}`)).status);
    expect(sameBlock).toEqual([200, 200, 200, 429]);
    const refused = await from('2001:db8:9:9:ffff::1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Zu viele Anfragen. Bitte versuchen Sie es in 1 Min. erneut.' });
    // The next /64, in the same /56 (express-rate-limit's own default unit, which these limits used before).
    expect((await from('2001:db8:9:a::1')).status).toBe(200);
    expect((await from('192.0.2.1')).status).toBe(200);
    expect((await from('192.0.2.2')).status).toBe(200);
  });
});
