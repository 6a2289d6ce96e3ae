// `tsx build/check-data.ts --data DIR`: the checks of `npm run build` that come before anything is
// written (the load step, build/load/site-data.ts, and the photos the data names, build/check.ts),
// on a data folder, answered as JSON on stdout for a program: `{"problems":[]}` when the build
// would go on (with the go-live items of the data and of SITE_URL, core/go-live.ts), or each problem with its file,
// its line and the build's message. The owner's
// console runs it on a copy of data/ with the changed file before it saves (server/content/data-file.ts),
// so that a change is saved only when the build takes it. Exit code 0 either way; 2 when the
// folder could not be checked at all (the reason on stderr).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkData } from './check.ts';
import { DataError, DataErrors } from './data-error.ts';
import { loadSiteData } from './load/site-data.ts';
import { withLines } from './load/source-lines.ts';

const { values } = parseArgs({ options: { data: { type: 'string' } } });
if (!values.data) {
  console.error('Usage: tsx build/check-data.ts --data DIR');
  process.exit(2);
}
const dataDir = resolve(values.data);
try {
  // SITE_URL as the build reads it (build/index.ts): its items are the build's too.
  const goLive = checkData(loadSiteData({ dataDir, buildDate: new Date() }), dataDir, false, process.env.SITE_URL || null);
  console.log(JSON.stringify({ problems: [], goLive }));
} catch (error) {
  if (!(error instanceof DataError) && !(error instanceof DataErrors)) throw error;
  // At their lines and named by their items, as the build says them ("data/prices.yaml:44, service
  // 'Zugefallene Tür': price: must be 0 or more (got -5)"); a program finds the field by its line.
  const located = withLines(error, dataDir);
  const errors = located instanceof DataErrors ? located.errors : [located];
  const problems = errors.map(({ file, where, message }) => ({ file, line: where.line ?? null, message }));
  console.log(JSON.stringify({ problems, goLive: [] }));
}
