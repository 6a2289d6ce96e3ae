// The owner's likely mistakes in data/ stop `npm run build` (from the sources, as `npx tsx
// build/index.ts` runs it) and `npm run check` before anything is written, each named by its file,
// its line and its item, with what to write: a misspelt key with the key meant, a phone number
// changed in one of its two forms, a price written as text. Before, each of them built with exit 0:
// the badge or the district pages went missing, or the pages showed one number and dialled another.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';
import { changedData } from '../support/data-load.ts';

const root = mkdtempSync(join(tmpdir(), 'data-checks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npx tsx <script>` with these arguments, on one thread. */
function run(script: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, BUILD_WORKERS: '0' },
  });
}

/** The line (from 1) of the shipped data file that matches `pattern`, which the changes leave in place. */
function lineOf(file: string, pattern: RegExp): number {
  const index = readFileSync(join(ROOT, 'data', file), 'utf8').split('\n').findIndex((line) => pattern.test(line));
  expect(index, `${file} has a line matching ${pattern}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe('the build stops on a mistake it used to pass over', () => {
  it('a misspelt key in a price and a price written as text: the key meant, the number to write', () => {
    const copy = changedData((data) => data.edit('prices.yaml', (text) => text.replace('    popular: true', '    populer: true').replace(/^    price: 69$/m, '    price: "79,00 €"')));
    const out = join(root, 'prices');
    const result = run('build/index.ts', ['--data', copy.dir, '--out', out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      [
        'Build stopped: 2 problems in the data; nothing was written.',
        `data/prices.yaml:${lineOf('prices.yaml', /^    price: 69$/)}, service 'Zugefallene Tür': price: must be a number: write 79 (the number alone, without quotes, € or unit) (got "79,00 €")`,
        `data/prices.yaml:${lineOf('prices.yaml', /popular: true/)}, service 'Zugefallene Tür': populer: unknown key; did you mean \`popular\`? Correct the spelling (a misspelt key is not read at all)`,
        '',
      ].join('\n'),
    );
    expect(existsSync(out)).toBe(false);
  }, 240_000);

  it('a misspelt key and a missing field in towns: each town by its name and line, not its place in the list', () => {
    const file = 'places/ruhrgebiet-nord-ost.yaml';
    const copy = changedData((data) => data.edit(file, (text) => text.replace(/^    districts:/m, '    distrcits:').replace(/^    arrivalTime: "25–35 Min."\n/m, '')));
    const out = join(root, 'towns');
    const result = run('build/index.ts', ['--data', copy.dir, '--out', out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Build stopped: 2 problems in the data; nothing was written.\n');
    expect(result.stderr).toContain(`data/${file}:${lineOf(file, /^    districts:/)}, town 'Bottrop': distrcits: unknown key; did you mean \`districts\`?`);
    expect(result.stderr).toContain(`data/${file}:${lineOf(file, /^  - name: Marl$/)}, town 'Marl': arrivalTime: is missing\n`);
    expect(result.stderr).not.toMatch(/towns\[/);
    expect(existsSync(out)).toBe(false);
  }, 240_000);

  it('a phone number changed only where the pages show it, and a WhatsApp number only where a tap dials it: both forms named', () => {
    const copy = changedData((data) => data.edit('site.yaml', (text) => text.replace('display: "0201 000 000 0"', 'display: "0201 123 456 7"').replace('e164: "+491700000000"', 'e164: "+491761234567"')));
    const out = join(root, 'phone');
    const result = run('build/index.ts', ['--data', copy.dir, '--out', out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Build stopped: 2 problems in the data; nothing was written.\n');
    expect(result.stderr).toContain(`data/site.yaml:${lineOf('site.yaml', /display: "0201/)}: phone.display: "0201 123 456 7" is not the number e164 dials, "+492010000000": `);
    expect(result.stderr).toContain('if the number changed, write e164: "+492011234567"; otherwise correct display\n');
    expect(result.stderr).toContain(`data/site.yaml:${lineOf('site.yaml', /display: "0170/)}: whatsapp.display: "0170 000 000 0" is not the number e164 dials, "+491761234567": `);
    expect(existsSync(out)).toBe(false);
  }, 240_000);
});

describe('npm run check', () => {
  it('names the same mistake, by line and item', () => {
    const copy = changedData((data) => data.edit('prices.yaml', (text) => text.replace('    popular: true', '    populer: true')));
    const result = run('scripts/check.ts', ['--data', copy.dir]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`data/prices.yaml:${lineOf('prices.yaml', /popular: true/)}, service 'Zugefallene Tür': populer: unknown key; did you mean \`popular\`?`);
  }, 240_000);
});
