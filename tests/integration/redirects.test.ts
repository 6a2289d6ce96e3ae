import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/index.ts';
import { writeFixtureSite } from './fixtures/site.ts';

let root: string;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'redirects-'));
  const distDir = join(root, 'dist');
  writeFixtureSite(distDir);
  server = await startServer({ distDir, port: 0, host: '127.0.0.1', databasePath: join(root, 'site.db'), log: () => undefined });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, method = 'GET') => fetch(new URL(path, server.url), { method, redirect: 'manual' });

describe('unknown services', () => {
  it.each(['/leistungen/gibt-es-nicht', '/leistungen/t%C3%BCr%C3%B6ffnung', '/leistungen/a/b', '/leistungen/'])('%s answers 301 to /leistungen', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/^\/leistungen$/);
  });

  it('keeps the security headers on the redirect', async () => {
    const res = await get('/leistungen/x');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('does not redirect other methods', async () => {
    expect((await get('/leistungen/x', 'POST')).status).toBe(404);
  });
});
