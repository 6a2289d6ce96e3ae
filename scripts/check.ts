// `npm run check`: the go-live check (build/check.ts). Lists every example fact, unconfirmed
// promise, placeholder image and unset id with the file and field to change; exit code 1 while
// any remain, 0 once all are real. `-- --data DIR` checks another data folder.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from '../build/root.ts';
import { loadSiteData } from '../build/load/site-data.ts';
import { DataError, DataErrors } from '../build/data-error.ts';
import { goLiveProblems } from '../build/check.ts';

const { values } = parseArgs({ options: { data: { type: 'string' } } });
const dataDir = resolve(values.data ?? join(ROOT_DIR, 'data'));

try {
  const problems = goLiveProblems(loadSiteData({ dataDir, buildDate: new Date() }), dataDir);
  if (problems.length === 0) {
    console.log('Go-live check: no example data, every promise confirmed. Ready for `npm run build -- --production`.');
  } else {
    console.log(`Go-live check: ${problems.length} item${problems.length === 1 ? '' : 's'} to change before going live:`);
    for (const problem of problems) console.log(`- ${problem.message}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof DataError || error instanceof DataErrors)) throw error;
  console.error(`The data does not load, so nothing was checked:\n${error.message}`);
  process.exitCode = 1;
}
