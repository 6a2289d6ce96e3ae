// `npm start`: builds the site when dist/ is missing or older than its sources, then serves it. A
// build that fails leaves the last good release served (build/release.ts): the server starts on
// it, saying so; only without any release does it stop.
import { spawnSync } from 'node:child_process';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveFromEnv } from '../server/serve.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = ['data', 'core', 'templates', 'build', 'client', 'package-lock.json'];

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
  const built = mtimeOf(join(distDir, 'index.html'));
  if (built === undefined) return `${join(distDir, 'index.html')} does not exist`;
  const newest = Math.max(...SOURCES.map((source) => newestIn(join(ROOT, source))));
  if (newest > built) return 'sources changed since the last build';
  return undefined;
}

// The build always writes <root>/dist, so that is what npm start checks and serves.
const distDir = join(ROOT, 'dist');
const reason = buildReason(distDir);
if (reason !== undefined) {
  console.log(`Building the site (${reason}) ...`);
  const result = spawnSync(process.execPath, ['build/launch.mjs'], { cwd: ROOT, stdio: 'inherit' });
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
