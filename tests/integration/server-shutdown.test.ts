import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureSite } from './fixtures/site.ts';

const REPO = resolve(import.meta.dirname, '../..');
// Spawned through tsx itself: npm and npx exit on SIGTERM without passing it on.
const TSX = join(REPO, 'node_modules/.bin/tsx');
// Larger than what the loopback socket buffers hold, so the response stays in flight.
const BIG_FILE_BYTES = 48 * 1024 * 1024;

let root: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'server-shutdown-'));
  writeFixtureSite(join(root, 'dist'), { 'img/big.0123abcd.bin': randomBytes(BIG_FILE_BYTES) });
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

interface Spawned {
  child: ChildProcess;
  url: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnServer(): Promise<Spawned> {
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: join(root, 'dist'), DATABASE_PATH: join(root, `var/${children.length}.db`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) done({ child, url, exit });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(() => fail(new Error(`The server exited before listening:\n${output}`)));
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

describe('graceful shutdown of server/main.ts', () => {
  it('exits 0 on SIGTERM right after a keep-alive request and releases the port', async () => {
    const { child, url, exit } = await spawnServer();
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number | undefined>((done, fail) => {
      httpGet(`${url}/preise`, { agent }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode));
      }).on('error', fail);
    });
    expect(status).toBe(200);

    child.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(await portIsFree(Number(new URL(url).port))).toBe(true);
    agent.destroy();
  }, 20_000);

  it('finishes a response in flight on SIGINT before exiting 0', async () => {
    const { child, url, exit } = await spawnServer();
    const response = await new Promise<IncomingMessage>((done, fail) => {
      httpGet(`${url}/img/big.0123abcd.bin`, (res) => done(res)).on('error', fail);
    });
    expect(response.statusCode).toBe(200);
    response.pause();

    child.kill('SIGINT');
    await new Promise((wait) => setTimeout(wait, 300));
    expect(child.exitCode, 'the server must wait for the unfinished response').toBeNull();

    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise((done) => response.on('end', done));
    response.resume();
    await ended;
    expect(received).toBe(BIG_FILE_BYTES);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(await portIsFree(Number(new URL(url).port))).toBe(true);
  }, 20_000);
});
