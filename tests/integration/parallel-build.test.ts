// `npm run build` renders on every core (build/render/pool.ts): worker threads get batches of
// place pages and the main thread takes place pages from the same list whenever it is free, so which
// thread makes a page changes with every run. The site must
// not: built that way it is the same, byte for byte, as the build of the main thread alone (the
// shared build of the test run), and its summary says the same.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, BUILD_DATE } from '../support/site-build.ts';
import { FILES_MANIFEST } from '../../build/write/dist-writer.ts';

const ROOT = join(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'parallel-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function buildOnTwoThreads(out: string, workers = '1') {
  return spawnSync(process.execPath, ['build/launch.mjs', '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, BUILD_WORKERS: workers, SOURCE_DATE_EPOCH: String(BUILD_DATE.getTime() / 1000) },
  });
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('the build on two threads', () => {
  it('writes the same files as the build on one thread, and says so in the same words', async () => {
    const serial = await buildSite();
    const out = join(root, 'dist');
    const result = buildOnTwoThreads(out);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(' on 2 threads …');
    // The record of what was written carries modification times; everything else is the site.
    const names = files(out).filter((file) => file !== FILES_MANIFEST);
    expect(names).toEqual(files(serial.dir).filter((file) => file !== FILES_MANIFEST));
    const different = names.filter((file) => !readFileSync(join(out, file)).equals(readFileSync(join(serial.dir, file))));
    expect(different).toEqual([]);
    const { places } = serial.summary;
    expect(result.stdout).toContain(`Place pages: ${places.index}.`);
    expect(result.stdout).toContain(`(${places.closestPair!.join(' ~ ')})`);
  }, 180_000);

  it('built again into the same folder, writes nothing (the workers compare with the last build too)', () => {
    const out = join(root, 'dist');
    const page = join(out, 'schluesseldienst/ruettenscheid/index.html');
    const town = join(out, 'schluesseldienst/duesseldorf/index.html.br');
    const before = [statSync(page).mtimeMs, statSync(town).mtimeMs];
    const result = buildOnTwoThreads(out);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/ 0 written, \d+ unchanged/);
    expect([statSync(page).mtimeMs, statSync(town).mtimeMs]).toEqual(before);
  }, 120_000);

  it('stops on a BUILD_WORKERS that is no whole number, in one line naming it, before anything is written', () => {
    const out = join(root, 'not-built');
    const result = buildOnTwoThreads(out, 'zwei');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Build stopped: BUILD_WORKERS must be a whole number, not "zwei". Nothing was written.\n');
    expect(() => statSync(out)).toThrow();
  }, 120_000);
});
