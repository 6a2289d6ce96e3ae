// A message answered 201 survives `kill -9` right after the answer and is sent after restart.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/store/database.ts';
import { LEASE_MS, retryPending, type OutboxContext } from '../../server/contact/outbox.ts';
import { featuresFromEnv } from '../../server/config.ts';
import { closeMailPool } from '../../server/contact/mail.ts';
import { freePort, partOf, SITE_FACTS, startSmtpSink, writeContactSite } from './fixtures/contact-sink.ts';
import { spawnServerProcess } from './fixtures/server-process.ts';


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
  const server = spawnServerProcess({
    DIST_DIR: join(root, 'dist'),
    DATABASE_PATH: join(root, 'site.db'),
    SMTP_URL: smtpUrl,
    MAIL_DIR: join(root, 'mail'),
  });
  children.push(server.child);
  return { child: server.child, url: await server.url, exit: server.exit };
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
  const context: OutboxContext = {
    db: openDatabase(join(root, 'site.db')),
    config: { ...featuresFromEnv({}), smtpUrl: sink.url, jobs: false },
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
    // The pooled connection, closed as a process's shutdown closes it: the sink then closes at once.
    closeMailPool(context.config);
    await sink.close();
    second.child.kill('SIGTERM');
    await second.exit;
  }
}, 20_000);
