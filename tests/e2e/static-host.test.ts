// dist/ alone on a static host: the host answers unknown paths with 404.html (as CDNs do), and
// an unknown service path still ends on /leistungen, replacing the history entry.
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

let host: Server;
let hostUrl = '';

function fileFor(distDir: string, path: string): string | null {
  for (const candidate of [join(distDir, path), join(distDir, path, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next
    }
  }
  return null;
}

beforeAll(async () => {
  const distDir = inject('distDir');
  host = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.includes('..') ? null : fileFor(distDir, path);
    const type = (name: string) => (name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8');
    if (file) res.writeHead(200, { 'Content-Type': type(file) }).end(readFileSync(file));
    else res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(readFileSync(join(distDir, '404.html')));
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  const address = host.address();
  hostUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((done) => host.close(() => done())));

const open = useBrowser();

describe('on a static host without our server', () => {
  it('an unknown service page replaces itself with /leistungen', async () => {
    const { page } = await open(`${hostUrl}/preise`);
    await page.goto(`${hostUrl}/leistungen/gibt-es-nicht`, { waitUntil: 'load' });
    await page.waitForFunction(() => location.pathname === '/leistungen', { timeout: 5000 });
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBeTruthy();
    await page.goBack({ waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/preise');
  });

  it('any other unknown path stays on the 404 page', async () => {
    const { page } = await open(`${hostUrl}/gibt-es-nicht`);
    await new Promise((done) => setTimeout(done, 300));
    expect(new URL(page.url()).pathname).toBe('/gibt-es-nicht');
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Seite nicht gefunden');
  });
});
