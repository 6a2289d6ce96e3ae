// Seeded fuzzing of every endpoint and some pages with malformed and hostile requests over raw
// sockets. Every answer must be below 500 (or a bare close for what is not well-formed HTTP),
// nothing may hang, the health check must keep answering, and a row may only appear in
// contact_messages or visits for a request that was answered 201 or 204.
// Replay: FUZZ_SEED=<seed> (printed at the start). Inside `npm test` the run stops at
// FUZZ_MIN_CASES (2000, rounded up to a segment); `npm run fuzz` adds a time budget (FUZZ_SECONDS,
// 120 there) and keeps going until both are met.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { eventually, SITE_FACTS, writeContactSite } from './fixtures/contact-sink.ts';
import { exchange, generateCase, HANG_MS, validContactBytes, validVisitBytes, type Exchange, type FuzzCase } from './fixtures/fuzz.ts';
import { CONTACT_MESSAGES } from '../../core/forms/contact.ts';
import { MESSAGES } from '../support/server-files.ts';
import { openConnection } from '../../server/store/database.ts';

const DEFAULT_SEED = 20_241_122;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const MIN_CASES = Number(process.env.FUZZ_MIN_CASES ?? 2000);
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 0) * 1000;
const IN_FLIGHT = 32;
const SEGMENT = 256;

let root: string;
const servers: RunningServer[] = [];
const databases: Database.Database[] = [];
const logLines: string[] = [];

function writeFuzzSite(distDir: string): void {
  writeContactSite(distDir);
  // The templates the server fills on request, so the fallback city page and the form's result page are reached too.
  mkdirSync(join(distDir, '_server'), { recursive: true });
  writeFileSync(join(distDir, '_server/place-fallback.html'), '<!doctype html><title>Schlüsseldienst FALLBACKPLACENAME</title><a href="/schluesseldienst/fallbackplaceslug">x</a>');
  // The places it is for, as the build lists them: two of the fuzz's paths (fixtures/fuzz.ts) reach it.
  writeFileSync(join(distDir, '_server/fallback-places.json'), JSON.stringify({ essen: 'Essen', 'muelheim-an-der-ruhr': 'Mülheim an der Ruhr' }));
  writeFileSync(join(distDir, '_server/message.html'), '<!doctype html><title>MESSAGETITLE</title><main><h1>MESSAGETITLE</h1>MESSAGEBODY</main>');
  // The console's frame, so that /intern and its data form answer as in production (fixtures/fuzz.ts lists them).
  writeFileSync(join(distDir, '_server/console.html'), '<!doctype html><title>CONSOLETITLE</title>CONSOLENAV<main>CONSOLEBODY</main>');
  mkdirSync(join(distDir, 'bewertungen'), { recursive: true });
  writeFileSync(join(distDir, 'bewertungen/index.html'), '<!doctype html><html lang="de"><head><title>Bewertungen</title></head><body><h1>Bewertungen</h1></body></html>');
}

async function serve(name: string, limits: { contactPerTenMinutes?: number; contactPerHour?: number; visitsPerMinute?: number }) {
  const server = await startServer({
    distDir: join(root, 'dist'),
    port: 0,
    host: '127.0.0.1',
    databasePath: join(root, `${name}.db`),
    log: (line) => logLines.push(line),
    features: {
      jobs: false,
      smtpUrl: null,
      mailDir: join(root, `${name}-mail`),
      mailTo: null,
      mailFrom: null,
      // Never Google: no request of a visitor reaches it, and the jobs are off.
      googlePlacesApiKey: null,
      googlePlaceId: null,
      // Never the project's data/: the console's form may only ever write a folder of this run.
      dataDir: join(root, 'data'),
      ...limits,
    },
  });
  servers.push(server);
  const db = openConnection(join(root, `${name}.db`), { readonly: true });
  databases.push(db);
  return { server, db };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fuzz-'));
  writeFuzzSite(join(root, 'dist'));
});

afterAll(async () => {
  // close() does not wait for the mails still being written (see contact-faults.test.ts), and a
  // late .eml would recreate the folder after it was removed.
  const pending = (db: Database.Database) => (db.prepare("SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'pending'").get() as { n: number }).n;
  for (const db of databases) await eventually(() => (pending(db) === 0 ? true : undefined), 10_000);
  for (const db of databases) db.close();
  for (const server of servers) await server.close();
  rmSync(root, { recursive: true, force: true });
});

type Db = Database.Database;
// Refused messages the server keeps as spam (server/contact/refused.ts) are not counted as stored.
const accepted = (table: string) => (table === 'contact_messages' ? "contact_messages WHERE status <> 'spam'" : `${table} WHERE 1`);
const maxId = (db: Db, table: string) => (db.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get() as { id: number }).id;
const count = (db: Db, table: string) => (db.prepare(`SELECT count(*) AS n FROM ${accepted(table)}`).get() as { n: number }).n;
const newRows = (db: Db, table: 'contact_messages' | 'visits', after: number) =>
  (db.prepare(`SELECT id, ${table === 'visits' ? 'path' : 'message'} AS text FROM ${accepted(table)} AND id > ? ORDER BY id`).all(after) as { id: number; text: string }[]);
const tokenIndex = (text: string) => {
  const match = /fz(\d+)z/.exec(text);
  return match ? Number(match[1]) : null;
};

const honeypotLines = () => logLines.filter((line) => line.startsWith('Contact: honeypot')).length;

function describeCase(fuzzCase: FuzzCase, answer: Exchange): string {
  const outcome = answer.hung ? 'HANG' : answer.statuses.length ? answer.statuses.join(',') : answer.closed ? 'closed' : '?';
  return `#${fuzzCase.index} → ${outcome}${answer.garbage ? ` garbage=${JSON.stringify(answer.garbage)}` : ''}: ${fuzzCase.label}`;
}

/** Every text of a nested object of texts. */
const textsOf = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as object).flatMap(textsOf));
/** What a visitor may read in a JSON answer: the server's messages and the contact form's field messages, all German. */
const WORDINGS = new Set([...textsOf(MESSAGES), ...Object.values(CONTACT_MESSAGES)]);
const escapedLimit = MESSAGES.api.tooManyRequests.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LIMIT_WORDING = new RegExp(`^${escapedLimit.replace('\\{minutes\\}', '\\d+')}$`);
const isWording = (text: unknown) => typeof text === 'string' && (WORDINGS.has(text) || LIMIT_WORDING.test(text));

/** A JSON answer's `error` or field message that is not one of the server's German wordings (an English validator message, an empty one). */
function wordingProblems(answer: Exchange): string[] {
  if (answer.body === null || !(answer.headers['content-type'] ?? '').startsWith('application/json')) return [];
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return ['a JSON answer that is not JSON'];
  }
  const { error, fields } = (json ?? {}) as { error?: unknown; fields?: Record<string, unknown> };
  const texts = [...(error === undefined ? [] : [error]), ...Object.values(fields ?? {})];
  return texts.filter((text) => !isWording(text)).map((text) => `a message that is none of the server's wordings (${JSON.stringify(text)})`);
}

/** What is wrong with one answer on its own (rows are checked per batch). */
function answerProblems(fuzzCase: FuzzCase, answer: Exchange): string[] {
  const problems: string[] = [];
  if (answer.hung) problems.push(`no answer and no close within ${HANG_MS / 1000} s`);
  if (answer.garbage !== null) problems.push('an answer that is not HTTP');
  if (answer.statuses.some((status) => status >= 500)) problems.push('a 5xx');
  if (fuzzCase.wellFormed && answer.statuses.length === 0 && !answer.hung) problems.push('a well-formed request closed without an answer');
  const location = answer.headers.location;
  if (location !== undefined && !/^\/(?![/\\])/.test(location)) problems.push(`a redirect off the site (${location})`);
  problems.push(...wordingProblems(answer));
  return problems;
}

describe(`fuzzing with seed ${SEED}`, () => {
  it('answers thousands of hostile requests below 500, never hangs, and stores rows only for 201/204', { timeout: 90_000 + BUDGET_MS }, async () => {
    const { server, db } = await serve('fuzz', { contactPerTenMinutes: 1_000_000_000, contactPerHour: 1_000_000_000, visitsPerMinute: 1_000_000_000 });
    const target = { port: server.port, siteUrl: SITE_FACTS.url };
    console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), at least ${MIN_CASES} cases${BUDGET_MS > 0 ? ` and ${BUDGET_MS / 1000} s` : ''}`);
    const started = Date.now();
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    let cases = 0;
    let stored = { contact: 0, visits: 0 };
    let lastContact = maxId(db, 'contact_messages');
    let lastVisit = maxId(db, 'visits');

    // Segments of cases run with IN_FLIGHT connections at a time; between segments nothing is in
    // flight, so row counts can be compared with the answers of exactly that segment.
    while (cases < MIN_CASES || Date.now() - started < BUDGET_MS) {
      const first = cases;
      cases += SEGMENT;
      const before = { contact: count(db, 'contact_messages'), visits: count(db, 'visits') };
      const honeypotsBefore = honeypotLines();
      const byIndex = new Map<number, { fuzzCase: FuzzCase; answer: Exchange }>();
      let next = first;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < first + SEGMENT) {
            const fuzzCase = generateCase(SEED, next++, target);
            byIndex.set(fuzzCase.index, { fuzzCase, answer: await exchange(server.port, fuzzCase) });
          }
        }),
      );
      const range = `cases #${first}–#${cases - 1}`;
      const answers = [...byIndex.values()].map(({ answer }) => answer);

      for (const { fuzzCase, answer } of byIndex.values()) {
        const key = answer.statuses[0] !== undefined ? String(answer.statuses[0]) : answer.hung ? 'hang' : 'closed';
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        for (const problem of answerProblems(fuzzCase, answer)) failures.push(`${problem}: ${describeCase(fuzzCase, answer)}`);
      }

      // Rows against answers: only a 201 may add a message, only a 204 a visit, and each row
      // carrying a case's token must belong to a case that was told so.
      const created = answers.reduce((sum, answer) => sum + answer.statuses.filter((status) => status === 201).length, 0);
      const logged = answers.reduce((sum, answer) => sum + answer.statuses.filter((status) => status === 204).length, 0);
      const after = { contact: count(db, 'contact_messages'), visits: count(db, 'visits') };
      // Every 201 but a honeypot's stores exactly one message: none lost, none extra.
      const discarded = honeypotLines() - honeypotsBefore;
      if (after.contact - before.contact !== created - discarded) {
        failures.push(`${after.contact - before.contact} messages stored for ${created} answers 201 of which ${discarded} were honeypots (${range})`);
      }
      if (after.visits - before.visits > logged) failures.push(`${after.visits - before.visits} visits stored for ${logged} answers 204 (${range})`);
      stored = { contact: stored.contact + after.contact - before.contact, visits: stored.visits + after.visits - before.visits };

      const rowsByToken = new Map<number, { table: string; id: number }[]>();
      for (const [table, status, rows] of [
        ['contact_messages', 201, newRows(db, 'contact_messages', lastContact)],
        ['visits', 204, newRows(db, 'visits', lastVisit)],
      ] as const) {
        for (const row of rows) {
          const index = tokenIndex(row.text);
          if (index === null) continue;
          const owner = byIndex.get(index);
          if (!owner || !owner.answer.statuses.includes(status)) {
            failures.push(`a ${table} row (id ${row.id}) from a request not answered ${status}: ${owner ? describeCase(owner.fuzzCase, owner.answer) : `case #${index} outside ${range}`}`);
          }
          rowsByToken.set(index, [...(rowsByToken.get(index) ?? []), { table, id: row.id }]);
        }
      }
      lastContact = maxId(db, 'contact_messages');
      lastVisit = maxId(db, 'visits');

      // Unmodified valid submissions must be answered as stored, and be stored exactly once.
      for (const { fuzzCase, answer } of byIndex.values()) {
        if (!fuzzCase.clean || fuzzCase.intent === 'none') continue;
        const rows = rowsByToken.get(fuzzCase.index) ?? [];
        const expected = fuzzCase.intent === 'contact' ? 201 : 204;
        const wantRows = fuzzCase.honeypot ? 0 : 1;
        if (answer.statuses[0] !== expected || rows.length !== wantRows) {
          failures.push(`a valid ${fuzzCase.intent} answered ${answer.statuses.join(',') || 'nothing'} with ${rows.length} rows (want ${expected}, ${wantRows}): ${describeCase(fuzzCase, answer)}`);
        }
      }

      const health = await fetch(`${server.url}/healthz`);
      if (health.status !== 200) failures.push(`/healthz answered ${health.status} after ${range}`);
      await health.body?.cancel();
      if (failures.length > 50) break;
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}:${n}`).join(' ');
    console.log(`fuzz: ${cases} cases in ${seconds} s (seed ${SEED}); ${stored.contact} messages and ${stored.visits} visits stored; first answers ${histogram}`);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(failures.slice(0, 30)).toEqual([]);
    expect(logLines.filter((line) => /^5\d\d |Server error/.test(line))).toEqual([]);
    // The accounting means something only when the storing paths were reached.
    expect(stored.contact).toBeGreaterThan(20);
    expect(stored.visits).toBeGreaterThan(20);
  });

  it('with the default limits answers 429 (a 4xx) past the limit, accepts nothing for it and keeps the valid ones as spam', { timeout: 30_000 }, async () => {
    const { server, db } = await serve('limits', {});
    const one = '203.0.113.77';
    const send = (bytes: Buffer) => exchange(server.port, { bytes, method: 'POST', readAll: false, wellFormed: true });
    const contactAnswers: number[] = [];
    for (let i = 0; i < 8; i++) contactAnswers.push((await send(validContactBytes(server.port, `fz${900_000 + i}z`, one))).statuses[0] ?? 0);
    expect(contactAnswers).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);

    // Past the limit, hostile contact requests from the same address are refused before anything else.
    const hostile: number[] = [];
    for (let index = 0; hostile.length < 60; index++) {
      const fuzzCase = generateCase(SEED, 500_000 + index, { port: server.port, siteUrl: SITE_FACTS.url });
      const wire = fuzzCase.bytes.toString('latin1');
      // Cases with a second forwarding header speak for another visitor.
      if (fuzzCase.intent !== 'contact' || !wire.startsWith('POST /api/contact ') || wire.match(/Forwarded/gi)?.length !== 1 || !wire.includes('X-Forwarded-For: ')) continue;
      const answer = await exchange(server.port, { ...fuzzCase, bytes: Buffer.from(wire.replace(/X-Forwarded-For: [^\r]*/, `X-Forwarded-For: ${one}`), 'latin1') });
      expect(answerProblems(fuzzCase, answer), describeCase(fuzzCase, answer)).toEqual([]);
      expect(answer.statuses.every((status) => status >= 400 && status < 500), describeCase(fuzzCase, answer)).toBe(true);
      hostile.push(answer.statuses[0] ?? 0);
    }
    expect(hostile.filter((status) => status === 429).length).toBeGreaterThan(hostile.length / 2);

    const visitAnswers: number[] = [];
    for (let i = 0; i < 125; i++) visitAnswers.push((await send(validVisitBytes(server.port, `fz${910_000 + i}z`, one))).statuses[0] ?? 0);
    expect(visitAnswers.filter((status) => status === 204)).toHaveLength(120);
    expect(visitAnswers.slice(120)).toEqual([429, 429, 429, 429, 429]);

    const messages = (db.prepare("SELECT message FROM contact_messages WHERE status <> 'spam' ORDER BY id").all() as { message: string }[]).map((row) => tokenIndex(row.message));
    expect(messages).toEqual([900_000, 900_001, 900_002, 900_003, 900_004]);
    // The valid ones over the limit are kept as spam for the owner, never mailed.
    const kept = () => (db.prepare("SELECT message FROM contact_messages WHERE spam_reason = 'limit' AND mail_status = 'failed' ORDER BY id").all() as { message: string }[]).map((row) => tokenIndex(row.message));
    expect(await eventually(() => (kept().length >= 3 ? kept().slice(0, 3) : undefined))).toEqual([900_005, 900_006, 900_007]);
    const visits = (db.prepare('SELECT path FROM visits ORDER BY id').all() as { path: string }[]).map((row) => tokenIndex(row.path));
    expect(visits).toEqual(Array.from({ length: 120 }, (_, i) => 910_000 + i));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  // Regression: /bewertungen lives in table.rendered (server/reviews/page.ts), and other methods
  // got the 404 page instead of 405.
  it('answers 405 with Allow to POST, PUT and DELETE on /bewertungen like on every other page', async () => {
    const { server } = await serve('pages', {});
    const send = (method: string, path: string) =>
      exchange(server.port, { bytes: Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`), method, readAll: false, wellFormed: true });
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await send(method, '/preise')).statuses).toEqual([405]);
      const answer = await send(method, '/bewertungen');
      expect(answer.statuses, `${method} /bewertungen`).toEqual([405]);
      expect(answer.headers.allow).toBe('GET, HEAD');
    }
  });

  it('sees an answer in words that are not the server\'s (the wording check itself works)', async () => {
    const { server } = await serve('wordings', {});
    const sent = (body: string) => exchange(server.port, { bytes: Buffer.from(`POST /api/log/click HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`), method: 'POST', readAll: false, wellFormed: true });
    const answer = await sent('{"path": "/", "kind": "fax"}');
    expect(answer.statuses).toEqual([422]);
    expect(wordingProblems(answer)).toEqual([]);
    expect(wordingProblems({ ...answer, body: JSON.stringify({ error: 'Invalid input: expected boolean, received string' }) })).toHaveLength(1);
    expect(wordingProblems({ ...answer, body: JSON.stringify({ error: MESSAGES.api.invalid, fields: { path: '' } }) })).toHaveLength(1);
  });
});
