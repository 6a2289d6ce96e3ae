// Releases (build/release.ts), as the operator meets them: `npm run build` into a site link whose
// real dist/ folder an older build wrote keeps that folder as the first release; a build that
// stops on a data mistake leaves the served release and every byte of it as they were and says
// so, and so does one started while another build writes a release; `npm run rollback` serves the
// release before and refuses when there is none; `npm start`
// with a data mistake serves the last good release, and without one stops.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_DATE } from '../support/build-settings.ts';
import { copyData, ROOT, type DataCopy } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { writeFixtureSite } from './fixtures/site.ts';
import { request } from './fixtures/http.ts';

const root = tempDir('releases-');
const dist = join(root, 'dist');
const copies: DataCopy[] = [];
afterAll(() => copies.splice(0).forEach((copy) => copy.remove()));

/** A copy of data/ whose phone number ends in `digit`; `broken`: with a price no build accepts. */
function dataWith(digit: number, broken = false): string {
  const copy = copyData();
  copies.push(copy);
  copy.edit('site.yaml', (text) => text.replace('e164: "+492010000000"', `e164: "+49201000000${digit}"`).replace('display: "0201 000 000 0"', `display: "0201 000 000 ${digit}"`));
  if (broken) copy.edit('prices.yaml', (text) => text.replace('price: 199', 'price: -5'));
  return copy.dir;
}

/** `npm run build -- --dist <dist> --data <dataDir>`, from the bundle, on this thread. */
function buildCommand(dataDir: string) {
  return spawnSync(process.execPath, ['build/launch.mjs', '--dist', dist, '--data', dataDir], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, BUILD_WORKERS: '0', SOURCE_DATE_EPOCH: String(BUILD_DATE.getTime() / 1000) },
  });
}

function rollbackCommand() {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rollback.ts', '--dist', dist], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
}

const served = () => basename(realpathSync(dist));
const releases = () => readdirSync(join(root, 'releases')).filter((name) => name !== 'current' && !name.startsWith('.')).sort();

/** Every file below the served release with its bytes, to compare before and after. */
function servedBytes(): Map<string, string> {
  const folder = realpathSync(dist);
  return new Map(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [relative(folder, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)).toString('base64')]),
  );
}

describe('npm run build with releases', () => {
  it('keeps a dist/ folder of an older build as the first release and serves the new one through the link', () => {
    writeFixtureSite(dist);
    const result = buildCommand(dataWith(1));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const [first, second] = releases();
    expect(releases()).toHaveLength(2);
    expect(served()).toBe(second);
    expect(result.stdout).toContain(`Now served: release ${second} (${dist}). A running server switches to it within 2 s. "npm run rollback" brings back ${first}.`);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('tel:+492010000001');
    // The old folder, whole: the fixture's page.
    expect(readFileSync(join(root, 'releases', first!, 'index.html'), 'utf8')).toContain('tel:+492011234567');
  }, 240_000);

  it('stopped by a data mistake, leaves the served release and every byte of it as they were, and says so', () => {
    const before = { served: served(), releases: releases(), bytes: servedBytes() };
    const result = buildCommand(dataWith(2, true));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Build stopped: 1 problem in the data; nothing was written.');
    expect(result.stderr).toContain("service 'Tresoröffnung': price: must be 0 or more");
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`The served site is unchanged: still release ${before.served}.`);
    expect(served()).toBe(before.served);
    // No half-made release is left behind.
    expect(releases()).toEqual(before.releases);
    expect(servedBytes()).toEqual(before.bytes);
  }, 240_000);

  it('refuses while another build is writing a release, changing nothing', () => {
    const before = { served: served(), releases: releases() };
    // This test's own process stands for a build under way.
    writeFileSync(join(root, 'releases', '.build.lock'), String(process.pid));
    try {
      const result = buildCommand(dataWith(2));
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(`Build stopped: Another build (process ${process.pid}) is writing a release. Wait until it has ended, then build again.\nThe served site is unchanged: still release ${before.served}.\n`);
      const rollback = rollbackCommand();
      expect(rollback.status).toBe(1);
      expect(rollback.stderr).toContain(`Another build (process ${process.pid}) is writing a release.`);
      expect({ served: served(), releases: releases() }).toEqual(before);
    } finally {
      rmSync(join(root, 'releases', '.build.lock'));
    }
  }, 240_000);
});

describe('npm start with a data mistake', () => {
  it('serves the last good release and says the build failed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dist', dist, '--data', dataWith(3, true)], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', JOBS: 'off', DATABASE_PATH: join(root, 'var', 'site.db'), BUILD_WORKERS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((done, fail) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /on (http:\/\/\S+)/.exec(output)?.[1];
        if (found) done(found);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => fail(new Error(`npm start ended without serving:\n${output}`)));
    });
    try {
      expect(output).toContain("service 'Tresoröffnung': price: must be 0 or more");
      expect(output).toContain(`The build failed (exit code 1), see above; serving the last good release, ${realpathSync(dist)}.`);
      expect((await request(url, '/')).body.toString()).toContain('tel:+492010000001');
    } finally {
      const exited = new Promise((done) => child.on('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
  }, 240_000);

  it('without any release, stops with the build error', () => {
    const empty = join(tempDir('releases-none-'), 'dist');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dist', empty, '--data', dataWith(4, true)], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', JOBS: 'off', BUILD_WORKERS: '0' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No site is served yet: there is no earlier release.');
    expect(result.stderr).toContain('The build failed (exit code 1) and there is no earlier release to serve; not starting the server.');
  }, 240_000);
});

describe('npm run rollback', () => {
  it('serves the release before, saying which is served now and which was, then refuses when there is none before', () => {
    const [first, second] = releases();
    const back = rollbackCommand();
    expect(back.stderr).toBe('');
    expect(back.status).toBe(0);
    expect(served()).toBe(first);
    // The fixture site has no build facts; the build's release has its time and version.
    expect(back.stdout).toContain(`Now served: release ${first}.`);
    expect(back.stdout).toMatch(new RegExp(`Was served: release ${second} \\(built 2026-11-22T10:00:00\\.000Z, version \\d+\\.\\d+\\.\\d+\\S*\\); it stays on disk`));
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('tel:+492011234567');

    const refused = rollbackCommand();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`Rollback refused: There is no release before ${first} to go back to; nothing was changed.\n`);
    expect(served()).toBe(first);
    expect(releases()).toEqual([first, second]);
  }, 120_000);
});

describe('npm run build -- --promote DIR', () => {
  it('serves a finished build of another folder as the new release without building, and leaves the spare release in that folder', () => {
    const preview = join(root, 'preview');
    const before = releases();
    const spare = before.find((name) => name !== served())!;
    const spareHome = readFileSync(join(root, 'releases', spare, 'index.html'), 'utf8');
    const out = spawnSync(process.execPath, ['build/launch.mjs', '--out', preview, '--data', dataWith(7)], { cwd: ROOT, encoding: 'utf8', timeout: 180_000, env: { ...process.env, BUILD_WORKERS: '0' } });
    expect(out.status, out.stderr).toBe(0);
    const built = readFileSync(join(preview, 'index.html'), 'utf8');
    expect(built).toContain('tel:+492010000007');

    const promoted = spawnSync(process.execPath, ['build/launch.mjs', '--promote', preview, '--dist', dist], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`Now served: release ${served()}`);
    expect(before).not.toContain(served());
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(built);
    expect(readFileSync(join(preview, 'index.html'), 'utf8')).toBe(spareHome);

    const empty = tempDir('no-build-');
    const refused = spawnSync(process.execPath, ['build/launch.mjs', '--promote', empty, '--dist', dist], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('holds no finished build');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(built);
  }, 240_000);
});
