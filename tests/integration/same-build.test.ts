// The site as the code must keep it. BASELINE is the last commit whose build the code must still
// write byte for byte: the house was redesigned after it (the shared layer core/, the build's
// pipeline, the server by feature) without changing one byte of the site. A commit that is meant to
// change what the build writes (a text, a page, a header) moves BASELINE to itself and says so;
// every other change keeps the bytes (scripts/lib/same-build.ts, `npm run same-build`).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compareBuilds } from '../../scripts/lib/same-build.ts';
import { ROOT } from '../support/data-copy.ts';

const BASELINE = 'a8a8e60';

/** Whether this clone has the commit (a shallow clone may not). */
function hasCommit(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the site the build writes', () => {
  it.skipIf(!hasCommit(BASELINE))(`is, file by file, the one commit ${BASELINE} builds`, () => {
    expect(compareBuilds(BASELINE).differences).toEqual([]);
  }, 600_000);
});
