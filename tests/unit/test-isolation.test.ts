// The test files share their workers' modules (`isolate: false` in vitest.config.ts), so a test
// that changed process-wide state would change it for the files run after it in the same worker,
// and a failure would depend on the order. No test file may mock modules, stub globals or the
// environment, fake the clock, or change the working directory; a test that needs another
// environment gives it to the process or server it starts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';

const SHARED_STATE = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|resetModules)\(/,
  /\bprocess\.chdir\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/,
  /\bdelete\s+process\.env\b/,
  /\bObject\.assign\(\s*process\.env\b/,
];

it('no test file changes state that the next test file in the same worker would see', () => {
  const folder = join(ROOT, 'tests');
  const found = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('test-isolation.test.ts'))
    .flatMap((name) => {
      const lines = readFileSync(join(folder, name), 'utf8').split('\n');
      return lines.flatMap((line, index) => (SHARED_STATE.some((pattern) => pattern.test(line)) ? [`${relative(ROOT, join(folder, name))}:${index + 1}: ${line.trim()}`] : []));
    });
  expect(found).toEqual([]);
});

it('the check finds what it looks for', () => {
  const lines = ['vi.mock("x")', 'process.env.SITE_URL = "a"', "process.env['X'] = '1'", 'process.chdir(dir)', 'vi.useFakeTimers()'];
  expect(lines.filter((line) => SHARED_STATE.some((pattern) => pattern.test(line)))).toEqual(lines);
  expect(SHARED_STATE.some((pattern) => pattern.test('if (process.env.CI === "1")'))).toBe(false);
});
