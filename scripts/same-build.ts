// `npm run same-build [-- COMMIT]`: builds COMMIT (default HEAD) and the working tree with the same
// date and compares every file they write (scripts/lib/same-build.ts). Says "same bytes" and exits
// 0, or lists the files that differ and exits 1: the check for a change of the code that must not
// change the site, such as a refactor or a faster build.
import { compareBuilds } from './lib/same-build.ts';

const commit = process.argv[2] ?? 'HEAD';
const { commit: resolved, differences } = compareBuilds(commit);
if (differences.length === 0) {
  console.log(`Same bytes: the working tree builds every file as commit ${resolved.slice(0, 7)} does.`);
} else {
  console.log(`${differences.length} file${differences.length === 1 ? '' : 's'} differ from commit ${resolved.slice(0, 7)}'s build:`);
  for (const line of differences.slice(0, 50)) console.log(`- ${line}`);
  if (differences.length > 50) console.log(`- … and ${differences.length - 50} more`);
  process.exitCode = 1;
}
