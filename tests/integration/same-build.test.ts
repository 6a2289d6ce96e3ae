// The site as the code must keep it. BASELINE is the last commit whose build the code must still
// write byte for byte: the house was redesigned after it (the shared layer core/, the build's
// pipeline, the server by feature) without changing one byte of a page, an asset or an image.
// CHANGED is what the redesign changed on purpose, and nothing else may differ. A commit that is
// meant to change what the build writes (a text, a page, a header) moves BASELINE to itself, with
// CHANGED empty, and says so; every other change keeps the bytes (scripts/lib/same-build.ts,
// `npm run same-build`).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compareBuilds } from '../../scripts/lib/same-build.ts';
import { ROOT } from '../support/data-copy.ts';

const BASELINE = 'a8a8e60';
const CHANGED = [
  // The server's messages to visitors moved from its code into data/messages.yaml, and reach it here.
  "only in the working tree's build: _server/messages.json",
  // The static host's two files name the server's modules, which moved into server/http/.
  'differs: _headers',
  'differs: _redirects',
  // The build's record of what it wrote, for the three files above.
  'differs: _server/files.json',
];

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
  it.skipIf(!hasCommit(BASELINE))(`is, file by file, the one commit ${BASELINE} builds, but for what the redesign changed on purpose`, () => {
    expect(compareBuilds(BASELINE).differences).toEqual(CHANGED);
  }, 600_000);
});
