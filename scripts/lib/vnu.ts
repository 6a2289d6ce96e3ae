// The Nu Html Checker (vnu-jar) for the audit and the tests: many documents in one Java start,
// because starting the JVM costs far more than checking a page.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { REPO_ROOT } from './repo.ts';

export const JAVA_PATH = process.env.JAVA_PATH ?? '/usr/bin/java';
export const VNU_JAR = join(REPO_ROOT, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
/** The Debian package that provides JAVA_PATH; scripts/test.ts installs it when it may. */
export const JAVA_PACKAGE = 'default-jre-headless';

export interface VnuMessage {
  /** The checked file, as passed in. */
  file: string;
  type: 'error' | 'info';
  /** 'warning' for warnings, 'fatal' for parse errors that stop the check, 'non-document' when the file could not be checked. */
  subType?: string;
  message: string;
  extract: string;
  firstLine: number;
  lastLine: number;
}

export interface VnuCounts {
  errors: number;
  warnings: number;
}

export function javaMissingMessage(): string {
  return (
    `Java was not found at ${JAVA_PATH}; the Nu Html Checker (vnu-jar) needs Java 17 or newer. ` +
    `Install it with "apt-get install ${JAVA_PACKAGE}" (Debian; sudo when not root), ` +
    'or set JAVA_PATH to a java binary.'
  );
}

export function assertJava(): void {
  if (!existsSync(JAVA_PATH)) throw new Error(javaMissingMessage());
  if (!existsSync(VNU_JAR)) {
    throw new Error(`${VNU_JAR} is missing; it comes with the vnu-jar devDependency: run "npm ci".`);
  }
}

export function isWarning(message: VnuMessage): boolean {
  return message.type === 'info' && message.subType === 'warning';
}

export function countMessages(messages: readonly VnuMessage[]): VnuCounts {
  return {
    errors: messages.filter((message) => message.type === 'error').length,
    warnings: messages.filter(isWarning).length,
  };
}

/** Errors and warnings only: vnu's plain infos are mostly the trailing "/>" React writes on void elements. */
export function reportable(messages: readonly VnuMessage[]): VnuMessage[] {
  return messages.filter((message) => message.type === 'error' || isWarning(message));
}

export function formatMessage(message: VnuMessage): string {
  const kind = message.type === 'error' ? (message.subType === 'fatal' ? 'fatal error' : 'error') : (message.subType ?? 'info');
  const lines = message.firstLine === message.lastLine ? `line ${message.lastLine}` : `lines ${message.firstLine}–${message.lastLine}`;
  const extract = message.extract.replace(/\s+/g, ' ').trim();
  return `${kind} (${lines}): ${message.message}${extract ? `\n      ${extract}` : ''}`;
}

/** The checker's JSON report (`--format json`), as far as it is read here. */
const vnuOutput = z.object({
  messages: z
    .array(
      z.object({
        type: z.string().optional(),
        subType: z.string().optional(),
        url: z.string().optional(),
        message: z.string().optional(),
        extract: z.string().optional(),
        firstLine: z.number().optional(),
        lastLine: z.number().optional(),
      }),
    )
    .optional(),
});
type RawMessage = NonNullable<z.infer<typeof vnuOutput>['messages']>[number];

function parseOutput(stdout: string, files: readonly string[]): VnuMessage[] {
  let raw: { messages?: RawMessage[] | undefined };
  try {
    raw = vnuOutput.parse(JSON.parse(stdout));
  } catch {
    throw new Error(`vnu did not print its JSON report; it printed: ${stdout.slice(0, 500) || '(nothing)'}`);
  }
  const byPath = new Map(files.map((file) => [resolve(file), file]));
  return (raw.messages ?? []).map((entry) => {
    let file = entry.url ?? '';
    try {
      file = byPath.get(fileURLToPath(entry.url!)) ?? file;
    } catch {
      // not a file: URL (a message about the run itself); keep it as given
    }
    const lastLine = entry.lastLine ?? 0;
    const message: VnuMessage = {
      file,
      type: entry.type === 'info' ? 'info' : 'error',
      message: entry.message ?? '',
      extract: entry.extract ?? '',
      // vnu leaves out firstLine when the message spans one line.
      firstLine: entry.firstLine ?? lastLine,
      lastLine,
    };
    if (entry.type === 'non-document-error') message.subType = 'non-document';
    else if (entry.subType) message.subType = entry.subType;
    return message;
  });
}

/** Checks HTML files with one run of vnu; every message of every file, infos included. */
export async function runVnu(files: readonly string[], options: { timeoutMs?: number } = {}): Promise<VnuMessage[]> {
  if (files.length === 0) return [];
  assertJava();
  const args = ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', '--stdout', ...files];
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(JAVA_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs ?? 300_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(new Error(error.code === 'ENOENT' ? javaMissingMessage() : `Could not start ${JAVA_PATH}: ${error.message}`)),
    );
    child.once('close', (exitCode) =>
      done({ code: exitCode, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
  if (code !== 0) {
    // --exit-zero-always: anything else is Java or vnu failing (too old a Java, out of memory, the time limit).
    throw new Error(`vnu (${JAVA_PATH} -jar ${VNU_JAR}) exited with ${code ?? 'a signal'}: ${stderr.trim().slice(0, 1000) || stdout.slice(0, 500)}`);
  }
  return parseOutput(stdout, files);
}

export interface ServedPage {
  /** Names the page in reports and its temp file; unique within one call. */
  name: string;
  url: string;
  init?: RequestInit;
  /** The status the answer must have; 200 when omitted. */
  status?: number;
}

export interface ServedResult extends VnuCounts {
  name: string;
  url: string;
  messages: VnuMessage[];
  /** Set when the page could not be fetched as expected; it was not checked then. */
  problem?: string;
}

/**
 * Fetches each page from a running server and checks the HTML visitors get in one vnu run: the
 * server fills the fallback place page and the contact result, and adds a rating to /bewertungen.
 */
export async function checkServedPages(pages: readonly ServedPage[]): Promise<ServedResult[]> {
  assertJava();
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const results: ServedResult[] = [];
    const files = new Map<string, ServedResult>();
    for (const page of pages) {
      const result: ServedResult = { name: page.name, url: page.url, messages: [], errors: 0, warnings: 0 };
      results.push(result);
      try {
        const response = await fetch(page.url, { redirect: 'manual', ...page.init });
        const body = await response.text();
        const expected = page.status ?? 200;
        if (response.status !== expected) {
          result.problem = `${page.init?.method ?? 'GET'} ${page.url} answered ${response.status}, expected ${expected}`;
          continue;
        }
        const file = join(dir, `${String(results.length).padStart(2, '0')}-${page.name.replace(/[^a-zA-Z0-9_-]+/g, '_')}.html`);
        await writeFile(file, body);
        files.set(file, result);
      } catch (error) {
        result.problem = `${page.url} could not be fetched: ${(error as Error).message}`;
      }
    }
    const stray: VnuMessage[] = [];
    for (const message of await runVnu([...files.keys()])) {
      const result = files.get(message.file);
      // The temp file is gone afterwards; the address says which page it was.
      if (result) result.messages.push({ ...message, file: result.url });
      else if (message.type === 'error') stray.push(message);
    }
    // An error tied to no page would otherwise vanish and a broken run would look clean.
    if (stray.length > 0) throw new Error(`vnu reported errors outside the checked pages: ${stray.map((m) => `${m.file}: ${m.message}`).join('; ')}`);
    for (const result of results) Object.assign(result, countMessages(result.messages));
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The two answers to a plain form POST of the contact form, as pages to check. The honeypot
 * field filled gives the "sent" page without storing or mailing anything; empty fields give
 * the "not sent" page with its list of field messages (422, also stores nothing).
 */
export function contactResultPages(baseUrl: string): ServedPage[] {
  const url = new URL('/api/contact', baseUrl).href;
  const post = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return [
    {
      name: 'message (contact sent)',
      url,
      status: 201,
      init: post({ form: 'kontakt', name: 'Audit', phone: '0201 123456', message: 'Prüfung der Ergebnisseite.', privacy: 'on', website: 'x' }),
    },
    { name: 'message (contact not sent)', url, status: 422, init: post({ form: 'kontakt', name: '', phone: '', message: '' }) },
  ];
}
