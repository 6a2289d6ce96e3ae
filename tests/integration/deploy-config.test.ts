// The pieces of deploy/ as docs/deployment.md installs them, in the real programs. nginx: the
// port-80 blocks load before any certificate exists and answer the certificate's challenge; with a
// certificate every block loads. nginx and Caddy: http://example.de goes to https://example.de,
// which sends HSTS and then goes to www; www reaches the Node server with HSTS and the visitor's
// address. The systemd unit passes systemd-analyze, starts even when its build fails, and names
// nothing for writing that a fresh clone lacks unless marked optional. The SMTP_URL examples of the
// environment file reach a real SMTP server through the site's server as the document says. A part
// whose program is not installed is skipped, and its name says why.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PATH } from '../../scripts/lib/nginx.ts';
import { freePort, waitForPort } from '../../scripts/lib/port.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { openDatabase } from '../../server/store/database.ts';
import { tempDir } from '../support/temp-dir.ts';
import { eventually, writeContactSite } from './fixtures/contact-sink.ts';

const REPO = resolve(import.meta.dirname, '../..');
const OPENSSL = '/usr/bin/openssl';
const CADDY = '/usr/bin/caddy';
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const HSTS = 'max-age=31536000; includeSubDomains';
const CHECKOUT = '/srv/schluesseldienst';
const deployFile = (name: string) => readFileSync(join(REPO, 'deploy', name), 'utf8');
const missing = (...programs: string[]) => programs.filter((program) => !existsSync(program)).map((program) => `${program} is not installed`).join(', ');
const titled = (title: string, why: string) => (why ? `${title} (skipped: ${why})` : title);

/** The shipped text with `from` replaced by `to`; fails when `from` is gone, which would test something else. */
function replaced(text: string, from: string | RegExp, to: string): string {
  expect(typeof from === 'string' ? text.includes(from) : text.search(from) !== -1, `${from} is no longer in the shipped file`).toBe(true);
  return typeof from === 'string' ? text.split(from).join(to) : text.replace(from, to);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A private key and a self-signed certificate for both names, made by openssl in `dir`. */
function testCertificate(dir: string): { key: string; cert: string } {
  const subject = ['-subj', '/CN=www.example.de', '-addext', 'subjectAltName=DNS:www.example.de,DNS:example.de'];
  const made = spawnSync(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', ...subject, '-keyout', join(dir, 'privkey.pem'), '-out', join(dir, 'fullchain.pem')], { encoding: 'utf8', timeout: 30_000 });
  expect(made.status, made.stderr).toBe(0);
  return { key: readFileSync(join(dir, 'privkey.pem'), 'utf8'), cert: readFileSync(join(dir, 'fullchain.pem'), 'utf8') };
}

function answer(request: ReturnType<typeof httpRequest>, body = ''): Promise<Answer> {
  return new Promise((done, fail) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', fail);
    request.end(body);
  });
}

/** A proxy under test on loopback: its two ports and the certificate authority its HTTPS answers are signed by. */
interface Proxy {
  http: number;
  https: number;
  ca: string;
}

const plain = (proxy: Proxy, host: string, path: string) => answer(httpRequest({ host: '127.0.0.1', port: proxy.http, path, headers: { host } }));
const secure = (proxy: Proxy, host: string, path: string, method = 'GET', body = '') =>
  answer(httpsRequest({ host: '127.0.0.1', port: proxy.https, path, method, servername: host, ca: proxy.ca, headers: { host } }), body);

/** The Node server's stand-in behind the proxy: answers `node <path>` and keeps each request's headers and body size. */
async function startUpstream() {
  const seen: { headers: IncomingHttpHeaders; bytes: number }[] = [];
  const server = createServer((request, response) => {
    const entry = { headers: request.headers, bytes: 0 };
    seen.push(entry);
    request.on('data', (chunk: Buffer) => (entry.bytes += chunk.length));
    request.on('end', () => response.end(`node ${request.url}`));
    request.on('error', () => response.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  return { port: (server.address() as AddressInfo).port, seen, close };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** What both proxies must do, once `proxy()` answers on its ports; they differ only in the status codes they choose. */
function redirectsAndHsts(proxy: () => Proxy, upstream: () => Awaited<ReturnType<typeof startUpstream>>, status: { toHttps: number; tooLarge: number }) {
  it('sends http://example.de to https://example.de first, and http://www to https://www, without HSTS over plain HTTP', async () => {
    const apex = await plain(proxy(), 'example.de', '/preise?x=1');
    expect(apex).toMatchObject({ status: status.toHttps, headers: { location: 'https://example.de/preise?x=1' } });
    // HSTS over plain HTTP means nothing to a browser (RFC 6797, 8.1); it belongs to the HTTPS answers.
    expect(apex.headers['strict-transport-security']).toBeUndefined();
    expect(await plain(proxy(), 'www.example.de', '/preise?x=1')).toMatchObject({ status: status.toHttps, headers: { location: 'https://www.example.de/preise?x=1' } });
  });

  it('sends HSTS from https://example.de as it redirects to www', async () => {
    const apex = await secure(proxy(), 'example.de', '/preise?x=1');
    expect(apex).toMatchObject({ status: 301, headers: { location: 'https://www.example.de/preise?x=1' } });
    expect(apex.headers['strict-transport-security']).toBe(HSTS);
  });

  it('passes https://www to the Node server with HSTS and the visitor address', async () => {
    const page = await secure(proxy(), 'www.example.de', '/preise');
    expect(page).toMatchObject({ status: 200, body: 'node /preise' });
    expect(page.headers['strict-transport-security']).toBe(HSTS);
    expect(upstream().seen.at(-1)?.headers).toMatchObject({ host: 'www.example.de', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' });
  });

  it('refuses a body over 64 KB before the Node server gets it whole, and passes one under it', async () => {
    expect(await secure(proxy(), 'www.example.de', '/api/contact', 'POST', 'x'.repeat(60 * 1024))).toMatchObject({ status: 200 });
    expect(upstream().seen.at(-1)?.bytes).toBe(60 * 1024);
    expect((await secure(proxy(), 'www.example.de', '/api/contact', 'POST', 'x'.repeat(65 * 1024))).status).toBe(status.tooLarge);
    expect(upstream().seen.filter((request) => request.bytes > 64 * 1024)).toEqual([]);
  });

  it("passes the console's photo upload of 15 MB whole, and refuses one over 16 MB there too", async () => {
    const photo = 15 * 1024 * 1024;
    expect(await secure(proxy(), 'www.example.de', '/intern/inhalte/fotos/werkstatt', 'POST', 'x'.repeat(photo))).toMatchObject({ status: 200, body: 'node /intern/inhalte/fotos/werkstatt' });
    expect(upstream().seen.at(-1)?.bytes).toBe(photo);
    expect((await secure(proxy(), 'www.example.de', '/intern/inhalte/fotos/werkstatt', 'POST', 'x'.repeat(17 * 1024 * 1024))).status).toBe(status.tooLarge);
    expect(upstream().seen.filter((request) => request.bytes > 16 * 1024 * 1024)).toEqual([]);
  });
}

const nginxMissing = missing(NGINX_PATH, OPENSSL);

describe.skipIf(nginxMissing !== '')(titled('deploy/nginx-http.conf and deploy/nginx.conf in nginx', nginxMissing), { timeout: 60_000 }, () => {
  let dir: string;
  let proxy: Proxy;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let nginx: ChildProcess | undefined;

  /** The shipped blocks on loopback ports, with the test's certificate, webroot and upstream. */
  function writeBlocks(): void {
    let http = replaced(deployFile('nginx-http.conf'), 'listen 80;', `listen 127.0.0.1:${proxy.http};`);
    http = replaced(http, /^\s*listen \[::\]:80;\n/gm, '');
    writeFileSync(join(dir, 'http.conf'), replaced(http, '/var/www/letsencrypt', join(dir, 'webroot')));
    let https = replaced(deployFile('nginx.conf'), 'listen 443 ssl http2;', `listen 127.0.0.1:${proxy.https} ssl http2;`);
    https = replaced(https, /^\s*listen \[::\]:443 ssl http2;\n/gm, '');
    https = replaced(https, '/etc/letsencrypt/live/www.example.de', dir);
    writeFileSync(join(dir, 'https.conf'), replaced(https, 'server 127.0.0.1:3000;', `server 127.0.0.1:${upstream.port};`));
  }

  /** A main nginx.conf of its own (pid, logs, temp files in the test's folder) that includes the given blocks. */
  function mainConfig(name: string, blocks: string[]): string {
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, kind)};`).join(' ');
    const file = join(dir, name);
    const includes = blocks.map((block) => `  include ${join(dir, block)};`).join('\n');
    // As root, workers that may read the test's private temp folder (the challenge's webroot).
    const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
    writeFileSync(file, `${user}pid ${file}.pid;\nerror_log ${join(dir, 'error.log')} warn;\nevents { worker_connections 64; }\nhttp {\n  ${temp}\n${includes}\n}\n`);
    return file;
  }

  const nginxTest = (config: string) => spawnSync(NGINX_PATH, ['-t', '-p', dir, '-c', config, '-e', join(dir, 'error.log')], { encoding: 'utf8', timeout: 30_000 });

  beforeAll(async () => {
    dir = tempDir('deploy-nginx-');
    proxy = { http: await freePort(), https: await freePort(), ca: '' };
    upstream = await startUpstream();
    mkdirSync(join(dir, 'webroot/.well-known/acme-challenge'), { recursive: true });
    writeFileSync(join(dir, 'webroot/.well-known/acme-challenge/token-1'), 'token-1.key');
    writeBlocks();
  });

  afterAll(async () => {
    await stop(nginx);
    await upstream.close();
  });

  it('loads the port-80 blocks while no certificate exists yet', () => {
    // The HTTPS blocks cannot load without the certificate: what the separate port-80 file is for.
    expect(nginxTest(mainConfig('without-certificate.conf', ['http.conf', 'https.conf'])).stderr).toContain('fullchain.pem');
    const result = nginxTest(mainConfig('port-80.conf', ['http.conf']));
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });

  it('loads every block once the certificate is there, and answers on both ports', async () => {
    proxy.ca = testCertificate(dir).cert;
    const config = mainConfig('all.conf', ['http.conf', 'https.conf']);
    const result = nginxTest(config);
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);

    nginx = spawn(NGINX_PATH, ['-p', dir, '-c', config, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    expect(await waitForPort(proxy.https, 20_000)).toBe(true);
    expect(await waitForPort(proxy.http, 20_000)).toBe(true);
  });

  it("answers the certificate's challenge on port 80 for both names", async () => {
    for (const host of ['example.de', 'www.example.de']) {
      expect(await plain(proxy, host, '/.well-known/acme-challenge/token-1')).toMatchObject({ status: 200, body: 'token-1.key' });
    }
  });

  redirectsAndHsts(() => proxy, () => upstream, { toHttps: 301, tooLarge: 413 });
});

const caddyMissing = missing(CADDY);

function caddyBefore27(): boolean {
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)\./.exec(spawnSync(CADDY, ['version'], { encoding: 'utf8' }).stdout) ?? []).slice(1).map(Number);
  return major < 2 || (major === 2 && minor < 7);
}

describe.skipIf(caddyMissing !== '')(titled('deploy/Caddyfile in Caddy', caddyMissing), { timeout: 60_000 }, () => {
  let proxy: Proxy;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let caddy: ChildProcess | undefined;

  beforeAll(async () => {
    const dir = tempDir('deploy-caddy-');
    proxy = { http: await freePort(), https: await freePort(), ca: '' };
    upstream = await startUpstream();
    // Ports of its own, and certificates from Caddy's own local authority instead of Let's Encrypt.
    const global = `{\n\tadmin off\n\thttp_port ${proxy.http}\n\thttps_port ${proxy.https}\n\tlocal_certs\n\tskip_install_trust\n}\n`;
    writeFileSync(join(dir, 'Caddyfile'), global + replaced(deployFile('Caddyfile'), '127.0.0.1:3000', `127.0.0.1:${upstream.port}`));
    const env = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
    caddy = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { env, stdio: 'ignore' });
    expect(await waitForPort(proxy.https, 30_000)).toBe(true);
    // The local authority's root appears once Caddy made it; the certificates follow in the background.
    const root = join(dir, 'data/caddy/pki/authorities/local/root.crt');
    for (const deadline = Date.now() + 30_000; !existsSync(root) && Date.now() < deadline; ) await new Promise((done) => setTimeout(done, 100));
    proxy.ca = readFileSync(root, 'utf8');
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((done) => setTimeout(done, 200))) {
      const ready = await Promise.all(['example.de', 'www.example.de'].map((host) => secure(proxy, host, '/').then(() => true, () => false)));
      if (ready.every(Boolean)) break;
    }
  });

  afterAll(async () => {
    await stop(caddy);
    await upstream.close();
  });

  // Caddy's own redirect to HTTPS is a 308, which browsers treat as the permanent 301. Before 2.7
  // (Debian's package is 2.6.2) Caddy answers a body over `max_size` with 502 instead of 413
  // (caddyserver/caddy#5652); it is refused either way.
  redirectsAndHsts(() => proxy, () => upstream, { toHttps: 308, tooLarge: caddyBefore27() ? 502 : 413 });
});

const systemdMissing = missing(SYSTEMD_ANALYZE);

describe('deploy/schluesseldienst.service', () => {
  const unit = deployFile('schluesseldienst.service');
  const setting = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].flatMap((match) => match[1]!.trim().split(/\s+/));

  it.skipIf(systemdMissing !== '')(titled('passes systemd-analyze verify', systemdMissing), () => {
    // The unit's paths moved into a temp folder, with the executable that `npm ci` would install.
    const dir = tempDir('deploy-unit-');
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/.bin/tsx'), '#!/bin/sh\n');
    chmodSync(join(dir, 'node_modules/.bin/tsx'), 0o755);
    const verify = (text: string) => {
      const file = join(tempDir('deploy-unit-file-'), 'schluesseldienst.service');
      writeFileSync(file, replaced(text, CHECKOUT, dir));
      return spawnSync(SYSTEMD_ANALYZE, ['verify', file], { encoding: 'utf8', timeout: 30_000 });
    };
    // systemd-analyze exits 0 on a setting it ignores and only says so: first see that it says so.
    expect(verify(replaced(unit, /^ReadWritePaths=.*$/m, 'ReadWritePaths=relative/path')).stderr).toContain('is not absolute');
    const result = verify(unit);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('starts the server on the served release without building, so a start never depends on the data', () => {
    expect(setting('ExecStartPre')).toEqual([]);
    expect(setting('ExecStart').join(' ')).toMatch(/tsx server\/main\.ts$/);
  });

  it('names for writing only what a fresh clone has, or marks it optional with "-"', () => {
    const tracked = spawnSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' }).stdout.split('\n');
    const inClone = (path: string) => {
      if (path === CHECKOUT) return true;
      const inside = path.startsWith(`${CHECKOUT}/`) ? path.slice(CHECKOUT.length + 1) : null;
      return inside !== null && tracked.some((file) => file === inside || file.startsWith(`${inside}/`));
    };
    const paths = setting('ReadWritePaths');
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !path.startsWith('-') && !inClone(path))).toEqual([]);
    // What the check would have caught: the unit as it was, which systemd refused to start.
    expect(['/srv/schluesseldienst/dist', '/srv/schluesseldienst/.cache', '/srv/schluesseldienst/var'].filter((path) => !inClone(path))).toHaveLength(3);
  });
});

const opensslMissing = missing(OPENSSL);

describe("the SMTP_URL examples of docs/deployment.md, with the site's server and a real SMTP server", { timeout: 60_000 }, () => {
  const examples = [...readFileSync(join(REPO, 'docs/deployment.md'), 'utf8').matchAll(/^(?:# )?SMTP_URL=(\S+)$/gm)].map((match) => match[1]!);
  const example = (port: number) => examples.find((url) => url.includes(`mail.example.de:${port}`)) ?? '';
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing.splice(0)) await close();
  });

  /** An SMTP server that keeps the credentials it was given and the mails it received. */
  async function startMailServer(options: SMTPServerOptions) {
    const logins: { user: string; password: string }[] = [];
    const mails: string[] = [];
    const server = new SMTPServer({
      logger: false,
      onAuth(auth, _session, done) {
        logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
        done(null, { user: auth.username });
      },
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => (mails.push(text), done()));
      },
      ...options,
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    closing.push(() => new Promise((done) => server.close(() => done())));
    return { port: (server.server.address() as AddressInfo).port, logins, mails };
  }

  /** The site's server sending through `smtpUrl`, one contact message posted to it; returns the message's row reader. */
  async function postContactMessage(smtpUrl: string) {
    const root = tempDir('deploy-smtp-');
    writeContactSite(join(root, 'dist'));
    const features = { jobs: false, smtpUrl, mailTo: 'inhaber@meinedomain.de', mailFrom: 'kontakt@meinedomain.de', mailDir: join(root, 'mail') };
    const server: RunningServer = await startServer({ distDir: join(root, 'dist'), port: 0, host: '127.0.0.1', databasePath: join(root, 'site.db'), log: () => undefined, features });
    closing.push(() => server.close());
    const body = JSON.stringify({ form: 'home', name: 'Erika Müller', email: 'erika@example.de', message: 'Tür zugefallen, bitte kommen.', privacy: true });
    const response = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(response.status).toBe(201);
    const db = openDatabase(join(root, 'site.db'));
    closing.push(async () => void db.close());
    return () => db.prepare('SELECT mail_status, mail_attempts, mail_last_error FROM contact_messages').get() as { mail_status: string; mail_attempts: number; mail_last_error: string | null };
  }

  it('names one for port 465 and one for port 587, with user and password percent-encoded', () => {
    expect(examples).toHaveLength(2);
    expect(example(465)).toMatch(/^smtps:\/\/kontakt%40meinedomain\.de:[^@]*%[0-9A-F]{2}[^@]*@mail\.example\.de:465$/);
    expect(example(587)).toMatch(/^smtp:\/\/kontakt%40meinedomain\.de:[^@]*%[0-9A-F]{2}[^@]*@mail\.example\.de:587\?requireTLS=true$/);
  });

  it.skipIf(opensslMissing !== '')(titled('port 465: sends the mail over TLS, logging in with the decoded user and password', opensslMissing), async () => {
    const mail = await startMailServer({ secure: true, ...testCertificate(tempDir('deploy-smtp-tls-')) });
    // The test's certificate is self-signed; a mail provider's is not.
    const url = `${replaced(example(465), 'mail.example.de:465', `127.0.0.1:${mail.port}`)}?tls.rejectUnauthorized=false`;
    const row = await postContactMessage(url);
    await eventually(() => (mail.mails.length > 0 ? true : undefined), 20_000);
    expect(mail.logins).toEqual([{ user: 'kontakt@meinedomain.de', password: decodeURIComponent(/:([^:@]*)@/.exec(example(465))![1]!) }]);
    expect(mail.mails[0]).toContain('Erika M');
    expect((await eventually(() => (row().mail_status === 'sent' ? row() : undefined), 20_000)).mail_attempts).toBe(1);
  });

  it('port 587: sends nothing, and no password, to a server that does not offer STARTTLS, and keeps the mail for a retry', async () => {
    const mail = await startMailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const row = await postContactMessage(replaced(example(587), 'mail.example.de:587', `127.0.0.1:${mail.port}`));
    const failed = await eventually(() => (row().mail_attempts === 1 ? row() : undefined), 20_000);
    expect(failed.mail_status).toBe('pending');
    expect(failed.mail_last_error).toMatch(/STARTTLS|TLS/);
    expect(mail.logins).toEqual([]);
    expect(mail.mails).toEqual([]);
  });
});
