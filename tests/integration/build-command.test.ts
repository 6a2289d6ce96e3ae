// The build's command line (build/index.ts), as `npm run build` runs it from build/launch.mjs's
// bundle and as `npx tsx build/index.ts` runs it from the sources. Which thread makes a page
// changes with every run; the site must not: built on two threads, with the bundle's own render
// worker, it is the same, byte for byte, as the shared build of the test run (made in-process, on
// a worker started from the sources: tests/support/build-settings.ts), and its summary says the
// same; built again on one thread into the same folder, every file comes out the same, so nothing
// is written. A data problem stops the command with exit code 1 before anything is written, from
// the bundle and from the sources alike.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, BUILD_DATE } from '../support/site-build.ts';
import { changedData } from '../support/data-load.ts';
import { ROOT } from '../support/data-copy.ts';
import { FILES_MANIFEST } from '../../build/write/dist-writer.ts';

const root = mkdtempSync(join(tmpdir(), 'build-command-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run build` (`bundle`) or `npx tsx build/index.ts` (`sources`) with these arguments and BUILD_WORKERS. */
function buildCommand(way: 'bundle' | 'sources', args: string[], workers = '1') {
  const command = way === 'bundle' ? ['build/launch.mjs'] : ['--import', 'tsx', 'build/index.ts'];
  return spawnSync(process.execPath, [...command, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, BUILD_WORKERS: workers, SOURCE_DATE_EPOCH: String(BUILD_DATE.getTime() / 1000) },
  });
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The files of `dir` that differ from the shared build's (the record of what was written carries modification times and is left out). */
async function differences(dir: string): Promise<{ names: string[]; different: string[] }> {
  const shared = await buildSite();
  const names = files(dir).filter((file) => file !== FILES_MANIFEST);
  expect(names).toEqual(files(shared.dir).filter((file) => file !== FILES_MANIFEST));
  return { names, different: names.filter((file) => !readFileSync(join(dir, file)).equals(readFileSync(join(shared.dir, file)))) };
}

describe('the build command', () => {
  it('on two threads, writes the same files as the shared build, and says so in the same words', async () => {
    const out = join(root, 'dist');
    const result = buildCommand('bundle', ['--out', out]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(' on 2 threads …');
    expect((await differences(out)).different).toEqual([]);
    const { places } = (await buildSite()).summary;
    expect(result.stdout).toContain(`Place pages: ${places.index}.`);
    expect(result.stdout).toContain(`(${places.closestPair!.join(' ~ ')})`);
  }, 240_000);

  it('built again into the same folder on one thread, makes every file the same and so writes none', () => {
    const out = join(root, 'dist');
    const page = join(out, 'schluesseldienst/ruettenscheid/index.html');
    const town = join(out, 'schluesseldienst/duesseldorf/index.html.br');
    const before = [statSync(page).mtimeMs, statSync(town).mtimeMs];
    const result = buildCommand('bundle', ['--out', out], '0');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain(' threads …');
    expect(result.stdout).toMatch(/ 0 written, \d+ unchanged/);
    expect([statSync(page).mtimeMs, statSync(town).mtimeMs]).toEqual(before);
  }, 240_000);
});

describe('the build command stops before anything is written', () => {
  it('on a BUILD_WORKERS that is no whole number, in one line naming it', () => {
    const out = join(root, 'not-built');
    const result = buildCommand('bundle', ['--out', out], 'zwei');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Build stopped: BUILD_WORKERS must be a whole number, not "zwei". Nothing was written.\n');
    expect(existsSync(out)).toBe(false);
  }, 240_000);

  it('on a wrong value in the data, with exit code 1, naming file and field', () => {
    const copy = changedData((data) => data.edit('prices.yaml', (text) => text.replace('price: 199', 'price: -5')));
    const out = join(root, 'wrong-price');
    const result = buildCommand('sources', ['--data', copy.dir, '--out', out], '0');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Build stopped: 1 problem in the data; nothing was written.');
    expect(result.stderr).toMatch(/\ndata\/prices\.yaml:\d+, service 'Tresoröffnung': price: must be 0 or more \(got -5\)\n/);
    expect(existsSync(out)).toBe(false);
  }, 240_000);

  it('on a photo the data names but the folder lacks, said like every data problem', () => {
    const copy = changedData((data) => data.edit('home.yaml', (text) => text.replace('image: gallery-tueroeffnung.jpg', 'image: gallery-fehlt.jpg')));
    const out = join(root, 'missing-photo');
    const result = buildCommand('bundle', ['--data', copy.dir, '--out', out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Build stopped: 1 problem in the data; nothing was written\.\n.*images\/gallery-fehlt\.jpg: image source not found\. Add the file or correct the path that names it\./);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  }, 240_000);
});
