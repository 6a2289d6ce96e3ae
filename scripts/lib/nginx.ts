// A throw-away nginx serving a dist/ the way a plain static host would, as a yardstick for our server.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './cleanup.ts';
import { freePort, waitForPort } from './port.ts';

export const NGINX_PATH = '/usr/sbin/nginx';
const MIME_TYPES = '/etc/nginx/mime.types';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface RunningNginx {
  url: string;
  /** The precompressed encodings it serves: gzip always, br only when Debian's brotli module is installed. */
  encodings: string[];
  close(): Promise<void>;
}

export function nginxInstalled(): boolean {
  return existsSync(NGINX_PATH);
}

function configFor(prefix: string, distDir: string, port: number, brotli: boolean): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n');
  return `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}${process.getuid?.() === 0 ? 'user root root;\n' : ''}\
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  ${existsSync(MIME_TYPES) ? `include ${MIME_TYPES};` : 'types { text/html html; text/css css; text/javascript js; }'}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
${temp}
  server {
    listen 127.0.0.1:${port};
    root ${distDir};
    gzip_static on;
${brotli ? '    brotli_static on;\n' : ''}\
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

export async function startNginx(distDir: string): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const brotli = existsSync(BROTLI_MODULE);
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, configFor(prefix, distDir, port, brotli));

  // Same process group as this script: a Ctrl-C in the terminal reaches nginx directly, even if
  // tsx has to SIGKILL a busy script before its cleanups run.
  const child = spawn(
    NGINX_PATH,
    ['-p', prefix, '-c', configFile, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (stderr += error.message));

  const close = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM is nginx's fast shutdown: the master stops its workers, then itself.
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), delay(5000).then(() => false)]);
      if (!stopped) child.kill('SIGKILL');
    }
    await rm(prefix, { recursive: true, force: true });
  });

  const up = await Promise.race([waitForPort(port, 5000), exited.then(() => false)]);
  if (!up) {
    const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
    await close();
    throw new Error(`nginx did not start on 127.0.0.1:${port}:\n${stderr}${log}`);
  }
  return { url: `http://127.0.0.1:${port}`, encodings: brotli ? ['br', 'gzip'] : ['gzip'], close };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
