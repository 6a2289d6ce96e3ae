// Seeded fuzzing of every endpoint and some pages with malformed and hostile requests over raw
// sockets. Every answer must be below 500 (or a bare close for what is not well-formed HTTP),
// nothing may hang, the health check must keep answering, and a row may only appear in
// contact_messages or visits for a request that was answered 201 or 204.
// Replay: FUZZ_SEED=<seed> (printed at the start). Inside `npm test` the run stops at
// FUZZ_MIN_CASES (2000, rounded up to a segment); `npm run fuzz` adds a time budget (FUZZ_SECONDS,
// 120 there) and keeps going until both are met. The owner's console with a session, its editing
// routes, has a segment of its own at the end of this file.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { eventually, SITE_FACTS, writeContactSite } from './fixtures/contact-sink.ts';
import { caseRng, exchange, generateCase, HANG_MS, validContactBytes, validVisitBytes, type Exchange, type FuzzCase } from './fixtures/fuzz.ts';
import { CONTACT_MESSAGES } from '../../core/forms/contact.ts';
import { MESSAGES } from '../support/server-files.ts';
import { openConnection, openDatabase } from '../../server/store/database.ts';
import sharp from 'sharp';
import { DATA_FORMS } from '../../server/content/forms.ts';
import { checkDataFolder } from '../../server/content/data-file.ts';
import { formPath } from '../../server/owner/views/content-view.tsx';
import { consoleCase, formRequest, formsOf, PUBLISH_VALUES, releasedCheckout, type ConsoleCase, type ConsoleForm, type Pictures } from './fixtures/console-fuzz.ts';
import { buildSite } from '../support/site-build.ts';
import { startOwnerConsole } from '../support/owner-site.ts';

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

// ---- the owner's console, logged in ----
// Every editing route with a session: the data forms, the Texte, Versprechen, Kontakt, Rechtliches,
// Fotos (multipart) and Orte forms as their pages show them, each case changing names, values, the
// file's version, the body and the slugs in the address (fixtures/console-fuzz.ts); then hostile
// publishes and undos, and a preview and a publish of what the run left. The data folder is a copy
// in a git checkout of its own, served from a release, with a folder beside it that nothing may
// write. Replay: FUZZ_SEED as above; FUZZ_CONSOLE_CASES sets the number of form cases (100, each
// form about twice; the test took 38 s at a load of 10–12 on the 2 cores, the preview and publish
// after it 12 s). A case with the 'current' version reads it just before sending, so which saves
// get through may vary with timing; a failure prints every request it names.

const CONSOLE_CASES = Number(process.env.FUZZ_CONSOLE_CASES ?? 100);
const CONSOLE_IN_FLIGHT = 4;
/** A case may wait behind saves that run the build's checks (seconds each on a loaded machine), one at a time. */
const CONSOLE_HANG_MS = 150_000;
const CONSOLE_PASSWORD = 'Fuzz-Konsole-Essen-42';

/** Every file and link under `dir` but the folders named, with its bytes' hash or its link's target. */
function listing(dir: string, skip: readonly string[] = []): Map<string, string> {
  const entries = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => !skip.some((folder) => path === folder || path.startsWith(`${folder}/`)));
  return new Map(
    entries.sort().flatMap((path): [string, string][] => {
      const stat = lstatSync(join(dir, path));
      if (stat.isSymbolicLink()) return [[path, `-> ${readlinkSync(join(dir, path))}`]];
      return stat.isFile() ? [[path, createHash('sha256').update(readFileSync(join(dir, path))).digest('hex')]] : [[path, 'folder']];
    }),
  );
}

describe(`the owner's console, logged in, with seed ${SEED}`, () => {
  let checkout: ReturnType<typeof releasedCheckout>;
  let server: RunningServer;
  let db: ReturnType<typeof openDatabase>;
  let cookie = '';
  const log: string[] = [];
  const get = async (path: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
    return { status: answer.status, html: await answer.text() };
  };

  beforeAll(async () => {
    checkout = releasedCheckout((await buildSite()).dir);
    ({ server, db, cookie } = await startOwnerConsole('fuzz-console-', CONSOLE_PASSWORD, { distDir: checkout.dist, data: checkout.data, log }));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    db?.close();
    checkout?.data.remove();
  });

  /** The console's forms: every data form, the photos and their removals, a new town, some towns with a district's and the town's removal. */
  async function consoleForms(): Promise<ConsoleForm[]> {
    const photos = await get('/intern/inhalte/fotos');
    const places = await get('/intern/inhalte/orte');
    const towns = [...new Set([...places.html.matchAll(/href="(\/intern\/inhalte\/orte\/[a-z0-9-]+)"/g)].map(([, path]) => path!))].filter((path) => !path.endsWith('/neu'));
    const rng = caseRng(SEED, -1);
    const chosen = [towns[0]!, rng.pick(towns), rng.pick(towns)];
    const pages = [...DATA_FORMS.map(formPath), '/intern/inhalte/fotos', ...[...photos.html.matchAll(/href="(\/intern\/inhalte\/fotos\/[a-z0-9-]+\/entfernen)"/g)].map(([, path]) => path!), '/intern/inhalte/orte/neu'];
    for (const town of new Set(chosen)) {
      const html = (await get(town)).html;
      const district = /href="(\/intern\/inhalte\/orte\/[a-z0-9-]+\/[a-z0-9-]+\/entfernen)"/.exec(html)?.[1];
      pages.push(town, `${town}/entfernen`, ...(district ? [district] : []));
    }
    const forms: ConsoleForm[] = [];
    for (const path of pages) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      forms.push(...formsOf(path, html));
    }
    return forms;
  }

  /** The version of the form's file as its page shows it now. */
  async function currentVersion(form: ConsoleForm): Promise<string> {
    const again = formsOf(form.page, (await get(form.page)).html).find((other) => other.action === form.action);
    return again?.fields.find((field) => field.name === '_version')?.value ?? '';
  }

  const versionOf = async (fuzzCase: ConsoleCase) => {
    const kept = fuzzCase.form.fields.find((field) => field.name === '_version')?.value ?? '';
    if (fuzzCase.version === 'current') return currentVersion(fuzzCase.form);
    return fuzzCase.version === 'wrong' ? (fuzzCase.index % 2 ? 'x' : '0'.repeat(64)) : kept;
  };

  it('answers hostile saves to every editing route below 500, stays up, writes nothing outside data/ and leaves data/ that builds', { timeout: 400_000 }, async () => {
    const forms = await consoleForms();
    // Each kind of editing route is among them (a route missing here is a route the fuzz never reaches).
    const routes = [/^\/intern\/inhalte\/preise$/, /^\/intern\/inhalte\/versprechen$/, /^\/intern\/inhalte\/kontakt$/, /^\/intern\/inhalte\/rechtliches$/, /^\/intern\/inhalte\/rechtliches\/[a-z-]+$/, /^\/intern\/inhalte\/texte\/[a-z-]+$/,
      /^\/intern\/inhalte\/fotos\/[a-z0-9-]+$/, /^\/intern\/inhalte\/fotos\/[a-z0-9-]+\/entfernen$/, /^\/intern\/inhalte\/orte\/neu$/, /^\/intern\/inhalte\/orte\/(?!neu$)[a-z0-9-]+$/,
      /^\/intern\/inhalte\/orte\/[a-z0-9-]+\/stadtteil$/, /^\/intern\/inhalte\/orte\/[a-z0-9-]+\/entfernen$/, /^\/intern\/inhalte\/orte\/[a-z0-9-]+\/[a-z0-9-]+\/entfernen$/];
    for (const route of routes) expect(forms.some((form) => route.test(form.action)), String(route)).toBe(true);
    expect(forms.filter((form) => form.multipart && form.file !== null).length).toBeGreaterThan(3);
    expect(forms.filter((form) => form.action.startsWith('/intern/inhalte/texte/')).length).toBeGreaterThan(3);

    const pictures: Pictures = { jpeg: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 110, b: 130 } } }).jpeg().toBuffer() };
    const session = { cookie, port: server.port };
    const outsideBefore = listing(checkout.outside);
    const rootBefore = listing(checkout.repo, ['data', 'releases', '.git']);
    const dataHashes = listing(checkout.data.dir);
    console.log(`fuzz (console): seed ${SEED}, ${CONSOLE_CASES} cases over ${forms.length} forms`);
    const started = Date.now();
    const failures: string[] = [];
    const statuses = new Map<number | string, number>();
    const note = (label: string, answer: Exchange, wellFormed: boolean) => {
      const key = answer.statuses[0] ?? (answer.hung ? 'hang' : 'closed');
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const problems = [
        ...(answer.hung ? ['no answer'] : []),
        ...(answer.garbage !== null ? ['an answer that is not HTTP'] : []),
        ...(answer.statuses.some((status) => status >= 500) ? [`a ${answer.statuses.join(',')}`] : []),
        ...(wellFormed && answer.statuses.length === 0 && !answer.hung ? ['closed without an answer'] : []),
      ];
      for (const problem of problems) failures.push(`${problem}: ${label}`);
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: CONSOLE_IN_FLIGHT }, async () => {
        while (next < CONSOLE_CASES && failures.length < 30) {
          const fuzzCase = consoleCase(SEED, next++, forms, pictures, session);
          const bytes = fuzzCase.build(await versionOf(fuzzCase));
          const answer = await exchange(server.port, { bytes, method: 'POST', readAll: false, wellFormed: fuzzCase.wellFormed }, { hangMs: CONSOLE_HANG_MS });
          note(`#${fuzzCase.index} → ${answer.statuses.join(',') || 'nothing'}: ${fuzzCase.label}`, answer, fuzzCase.wellFormed);
        }
      }),
    );
    // Publishing and undoing with hostile values: never the version previewed, never a publish of the history.
    const head = checkout.git('rev-parse', 'HEAD').trim();
    for (const [index, value] of [...PUBLISH_VALUES, head].entries()) {
      const routes = [['/intern/vorschau/veroeffentlichen', 'stand'], ['/intern/inhalte/verlauf/rueckgaengig', 'veroeffentlichung']] as const;
      await Promise.all(
        routes.map(async ([path, field]) => {
          const fields: [string, string][] = index % 3 === 0 ? [[field, value], [field, head]] : index % 3 === 1 ? [[field, value], ['unbekannt', value]] : [[field, value]];
          const answer = await exchange(server.port, { bytes: formRequest(path, fields, session), method: 'POST', readAll: false, wellFormed: true }, { hangMs: CONSOLE_HANG_MS });
          note(`${path} ${JSON.stringify(fields).slice(0, 200)} → ${answer.statuses.join(',')}`, answer, true);
          if (answer.statuses[0] === 303) failures.push(`${path} with ${JSON.stringify(fields).slice(0, 200)} was done`);
        }),
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz (console): ${CONSOLE_CASES} cases in ${seconds} s (seed ${SEED}); first answers ${[...statuses].map(([status, n]) => `${status}:${n}`).sort().join(' ')}`);

    expect(failures.slice(0, 30)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await get('/intern/inhalte')).status).toBe(200);
    expect(log.filter((line) => /^Owner's console: 5\d\d |Server error/.test(line))).toEqual([]);
    // The cases reached the editing code: its version and value checks refused many, and some saves got through every check.
    expect((statuses.get(409) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(CONSOLE_CASES / 6);
    const dataAfter = listing(checkout.data.dir);
    expect([...dataAfter].filter(([path, hash]) => dataHashes.get(path) !== hash).length).toBeGreaterThan(0);
    expect(listing(checkout.outside)).toEqual(outsideBefore);
    expect(listing(checkout.repo, ['data', 'releases', '.git'])).toEqual(rootBefore);
    // New files in data/ only where the console makes them: photos under names of its own.
    const added = [...dataAfter.keys()].filter((path) => !dataHashes.has(path));
    expect(added.filter((path) => !/^images\/[a-z0-9-]+\.jpg$/.test(path))).toEqual([]);
    expect((await checkDataFolder(checkout.data.dir)).problems).toEqual([]);
  });

  it('previews and publishes what the fuzz left, a hostile body to the preview included, and still writes nothing outside data/', { timeout: 400_000 }, async () => {
    const outsideBefore = listing(checkout.outside);
    const session = { cookie, port: server.port };
    const junk = Buffer.from(`POST /intern/vorschau HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nCookie: ${cookie}\r\nSec-Fetch-Site: same-origin\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 27\r\n\r\n{"__proto__":{"x":1},"a":[`);
    const preview = await exchange(server.port, { bytes: junk, method: 'POST', readAll: false, wellFormed: true }, { hangMs: 380_000 });
    expect(preview.statuses).toEqual([303]);
    const stand = /name="stand" value="([^"]*)"/.exec((await get('/intern/vorschau')).html)?.[1] ?? '';
    expect(stand).not.toBe('');
    const published = await exchange(server.port, { bytes: formRequest('/intern/vorschau/veroeffentlichen', [['stand', stand], ['unbekannt', '../../outside']], session), method: 'POST', readAll: false, wellFormed: true }, { hangMs: 380_000 });
    expect(published.statuses).toEqual([303]);
    expect(checkout.git('log', '-1', '--format=%an')).toBe('Inhaber (Konsole)\n');
    expect(checkout.git('status', '--porcelain')).toBe('');
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(listing(checkout.outside)).toEqual(outsideBefore);
    expect(log.filter((line) => /^Owner's console: 5\d\d |Server error/.test(line))).toEqual([]);
  });
});
