// `npm start`: builds the site when dist/ is missing or older than its sources, then serves it. A
// build that fails leaves the last good release served (build/release.ts): the server starts on
// it, saying so; only without any release does it stop. `-- --data DIR` and `-- --dist LINK` are
// passed on to the build (build/index.ts), and the server serves that LINK.
import { spawnSync } from 'node:child_process';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveFromEnv } from '../server/serve.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { data: { type: 'string' }, dist: { type: 'string' } } });
const dataDir = resolve(values.data ?? join(ROOT, 'data'));
const SOURCES = [dataDir, ...['core', 'templates', 'build', 'client', 'package-lock.json'].map((source) => join(ROOT, source))];

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time of a file or of any file below a folder; 0 when absent. */
function newestIn(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestIn(join(path, name)));
  return newest;
}

function buildReason(distDir: string): string | undefined {
  if (mtimeOf(join(distDir, 'index.html')) === undefined) return `${join(distDir, 'index.html')} does not exist`;
  // When the build ran: _server/site.json carries the build's time, so every build writes it; a page
  // whose bytes did not change keeps its older time (build/write/dist-writer.ts), and judged by it
  // a change of data that leaves the home page as it was would rebuild at every start.
  const built = mtimeOf(join(distDir, '_server', 'site.json')) ?? 0;
  const newest = Math.max(...SOURCES.map((source) => newestIn(source)));
  if (newest > built) return 'sources changed since the last build';
  return undefined;
}

// The build makes <root>/dist (or LINK) stand for its release, so that is what npm start checks and serves.
const distDir = resolve(values.dist ?? join(ROOT, 'dist'));
const reason = buildReason(distDir);
if (reason !== undefined) {
  console.log(`Building the site (${reason}) ...`);
  const result = spawnSync(process.execPath, ['build/launch.mjs', '--dist', distDir, '--data', dataDir], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) {
    console.error(`Could not start the build: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    if (mtimeOf(join(distDir, 'index.html')) === undefined) {
      console.error(`The build failed (exit code ${result.status ?? result.signal}) and there is no earlier release to serve; not starting the server.`);
      process.exit(result.status ?? 1);
    }
    console.error(`The build failed (exit code ${result.status ?? result.signal}), see above; serving the last good release, ${realpathSync(distDir)}. Fix the data and run "npm run build": this server then switches to the new release.`);
  }
}

try {
  await serveFromEnv({ ...process.env, DIST_DIR: distDir });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
