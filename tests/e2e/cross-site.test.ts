// A page of another site that makes its visitor's Chromium post our contact form: the browser
// marks the post as cross-site, and the server refuses it with its German page instead of mailing
// the owner. "localhost" and "127.0.0.1" are different sites to the browser, so a second local
// server plays the other site. (Our own pages' plain form post is tested in contact.test.ts.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { MESSAGES } from '../support/server-files.ts';

const visitPage = useBrowser();
let evil: Server;
let evilUrl: string;

/** The other site's page: a hidden form that posts to our API as soon as it loads. */
function attackPage(target: string): string {
  const fields = { form: 'kontakt', name: 'Opfer', phone: '0201 999999', message: 'Von einer fremden Seite geschickt', privacy: 'on' };
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  return `<!doctype html><html><body><form id="f" method="post" action="${target}">${inputs}</form><script>document.getElementById('f').submit()</script></body></html>`;
}

beforeAll(async () => {
  const target = new URL('/api/contact', baseUrl()).href;
  evil = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(attackPage(target)));
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => evil.close(resolve));
});

describe('a form on another site posting to ours', () => {
  it('is refused with 403 and our German page; the browser lands on it instead of a sent message', async () => {
    const { page } = await visitPage('/');
    const responses: { url: string; status: number }[] = [];
    page.on('response', (response) => responses.push({ url: response.url(), status: response.status() }));
    await page.goto(evilUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => location.pathname === '/api/contact' && document.readyState === 'complete');
    expect(responses.find((response) => response.url.endsWith('/api/contact'))?.status).toBe(403);
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe(MESSAGES.api.crossSite.title);
    expect(await page.$eval('main', (main) => main.textContent)).toContain(MESSAGES.api.crossSite.text);
  });
});
