// The site as the code must keep it. BASELINE is the last commit whose build the code must still
// write byte for byte; CHANGED lists what may differ from it on purpose, and nothing else may. A
// commit that is meant to change what the build writes (a text, a page, a header, the scripts)
// moves BASELINE to itself, with CHANGED empty, and says so; every other change keeps the bytes
// (scripts/lib/same-build.ts, `npm run same-build`). The redesign of the house (the shared layer
// core/, the build's pipeline, the server by feature) was held this way to a8a8e60, the commit
// before it, with four files changed on purpose (the server's messages in
// dist/_server/messages.json, the server's new paths in _headers and _redirects, and their record),
// up to the split of the browser code into smaller functions, dfee8e7, which changed the scripts.
// It moved on to 79dd343, which changed what the site says and does (the withdrawal texts, the
// order form, the extras with their prices, the place pages, the text without CSS, the stylesheet
// and page script loading without a tap).
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { compareBuilds } from '../../scripts/lib/same-build.ts';
import { ROOT } from '../support/data-copy.ts';

const BASELINE = 'ddc3154';
const CHANGED: string[] = [];

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
  it.skipIf(!hasCommit(BASELINE))(`is, file by file, the one commit ${BASELINE} builds, but for what changed on purpose since`, () => {
    // The working tree's build is the test run's shared one, made with the same date.
    expect(compareBuilds(BASELINE, inject('sharedDist')).differences).toEqual(CHANGED);
  }, 600_000);
});
