// A message answered 201 survives `kill -9` right after the answer and is sent after restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiContext } from '../../server/context.ts';
import { openDatabase } from '../../server/db.ts';
import { LEASE_MS, retryPending } from '../../server/mail.ts';
import { servicesFromEnv } from '../../server/services.ts';
import { freePort, partOf, SITE_FACTS, startSmtpSink, writeContactSite } from './fixtures/contact-sink.ts';

const REPO = resolve(import.meta.dirname, '../..');
// Node itself with tsx as a loader: SIGKILL to the tsx launcher would kill only the launcher and
// leave the real server running (npm and npx do not pass signals on either).

let root: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'contact-crash-'));
  writeContactSite(join(root, 'dist'));
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function spawnServer(smtpUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: join(root, 'dist'),
      DATABASE_PATH: join(root, 'site.db'),
      SMTP_URL: smtpUrl,
      MAIL_TO: '',
      MAIL_FROM: '',
      MAIL_DIR: join(root, 'mail'),
      JOBS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exit = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) done(found);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(() => fail(new Error(`The server exited before listening:\n${output}`)));
  });
  return { child, url, exit };
}

it('keeps a message answered 201 through kill -9 and sends it after the restart', async () => {
  const closedPort = await freePort();
  const first = await spawnServer(`smtp://127.0.0.1:${closedPort}`);
  const response = await fetch(`${first.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ form: 'kontakt', name: 'Jürgen Groß', phone: '0201 123456', message: 'Bitte Rückruf, Schloss klemmt.', privacy: true }),
  });
  const answer = await response.text();
  first.child.kill('SIGKILL');
  expect(response.status).toBe(201);
  const { id } = JSON.parse(answer) as { id: number };
  expect(await first.exit).toBe('SIGKILL');

  const second = await spawnServer(`smtp://127.0.0.1:${closedPort}`);
  const sink = await startSmtpSink();
  const context: ApiContext = {
    db: openDatabase(join(root, 'site.db')),
    config: { ...servicesFromEnv({}), smtpUrl: sink.url, jobs: false },
    site: SITE_FACTS,
    log: () => undefined,
    shutdown: new AbortController().signal,
  };
  try {
    const row = context.db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as { name: string; mail_status: string };
    expect(row).toMatchObject({ name: 'Jürgen Groß', mail_status: 'pending' });

    // Due once the dead process's lease (or the first backoff) has run out.
    const summary = await retryPending(context, { now: new Date(Date.now() + LEASE_MS + 60_000) });
    expect(summary).toEqual({ sent: 1, pending: 0, failed: 0 });
    expect(sink.mails).toHaveLength(1);
    expect(partOf(sink.mails[0]!.raw, 'text/plain')).toContain('Bitte Rückruf, Schloss klemmt.');
  } finally {
    context.db.close();
    await sink.close();
    second.child.kill('SIGTERM');
    await second.exit;
  }
}, 20_000);
