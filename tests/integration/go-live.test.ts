// Example data cannot go live: `npm run check` lists every example fact, unconfirmed promise,
// placeholder image and unset id with its file and field, and a production build refuses while
// any remain; with real data both pass. Plain builds (npm start, npm test) keep working.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../server/store/backup.ts';
import { openDatabase } from '../../server/store/database.ts';
import { storePasswordHash } from '../../server/owner/password.ts';
import { copyData, ROOT, type DataCopy } from '../support/data-copy.ts';
import { resolveGoLive } from '../support/real-data.ts';
import { freePort, startSmtpSink } from './fixtures/contact-sink.ts';

// Each test starts a process (tsx, the whole data) that takes 2 s alone and more than vitest's 5 s
// on a loaded machine; the process itself is stopped after 120 s.
const PROCESS_TEST_MS = 130_000;
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
const copies: DataCopy[] = [];
const folders: string[] = [];
afterAll(() => {
  copies.forEach((copy) => copy.remove());
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

/**
 * `npm run check` with these settings of the environment, without blocking this process: the SMTP
 * servers it talks to run here.
 */
function check(args: string[], env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/check.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'go-live-'));
  folders.push(dir);
  return dir;
}

/** The lines of the output's section with this heading ("Before going live (3):"), without it. */
function section(stdout: string, heading: string): string[] {
  const block = stdout.split('\n\n').find((part) => part.startsWith(`${heading} (`) || part.startsWith(`${heading}:`));
  return block === undefined ? [] : block.split('\n').slice(1);
}

/** A data folder as the owner leaves it after entering every real fact and confirming every promise. */
function realData(): DataCopy {
  const copy = copyData();
  copies.push(copy);
  resolveGoLive(copy);
  return copy;
}

describe('npm run check', { timeout: PROCESS_TEST_MS }, () => {
  it('lists every example fact of the shipped data with file and field, and exits 1', () => {
    const result = run(['scripts/check.ts']);
    expect(result.status, result.stderr).toBe(1);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('- '));
    for (const expected of [
      'data/site.yaml: phone.e164: example value "+492010000000"',
      'data/site.yaml: email: example value',
      'data/site.yaml: analytics.gaMeasurementId: unset',
      'data/site.yaml: reviews.pageUrl:',
      'data/site.yaml: registration.rollNumber: missing',
      'data/site.yaml: registration.insurance.insurer: missing',
      'data/site.yaml: hosting.provider: missing',
      'data/claims.yaml: damageFree.confirmed: unconfirmed promise "98 % unserer Türöffnungen',
      'data/claims.yaml: moneyBack.confirmed:',
      'data/legal/widerruf.md: lawyerConfirmed: the reading of § 312g Abs. 2 Nr. 11 / § 356 Abs. 4 BGB has not been confirmed by a lawyer',
      "data/order-form.yaml: lawyerConfirmed: the order form's reading",
      'data/phone-script.yaml: lawyerConfirmed: what we say on the phone',
      'data/home.yaml: reviews.examples:',
      'data/home.yaml: gallery.examples:',
      'data/about.yaml: team.examples:',
      'data/images/shop.jpg: is a placeholder drawing',
    ]) {
      expect(lines.some((line) => line.startsWith(`- ${expected}`)), expected).toBe(true);
    }
    // One line per unconfirmed promise of data/claims.yaml.
    const unconfirmed = (readFileSync(join(ROOT, 'data/claims.yaml'), 'utf8').match(/^  confirmed: false$/gm) ?? []).length;
    expect(lines.filter((line) => line.startsWith('- data/claims.yaml:'))).toHaveLength(unconfirmed);
  });

  it('passes (exit 0) once every fact is real and every promise confirmed', () => {
    const result = run(['scripts/check.ts', '--data', realData().dir]);
    expect(result.stdout).toContain('Go-live check: no example data');
    expect(result.status, result.stdout).toBe(0);
  });

  it('lists what is only recommended or optional but passes (exit 0): placeholder photos, analytics ids not decided', () => {
    const copy = realData();
    copy.edit('site.yaml', (text) => text.replace('gaMeasurementId: false', 'gaMeasurementId: null'));
    copy.edit('home.yaml', (text) => text.replace(/(gallery:\n(?:.*\n)*?  examples: )false/, '$1true'));
    const result = run(['scripts/check.ts', '--data', copy.dir]);
    expect(result.status, result.stdout).toBe(0);
    expect(section(result.stdout, 'Recommended').some((line) => line.startsWith('- data/home.yaml: gallery.examples:'))).toBe(true);
    expect(section(result.stdout, 'Optional').some((line) => line.startsWith('- data/site.yaml: analytics.gaMeasurementId: unset'))).toBe(true);
    expect(result.stdout).toContain('0 of them before going live');
  });

  it('lists a single remaining example, e.g. one unconfirmed promise', () => {
    const copy = realData();
    copy.edit('claims.yaml', (text) => text.replace(/(orders:\n(?:.*\n)*?  confirmed: )true/, '$1false'));
    const result = run(['scripts/check.ts', '--data', copy.dir]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('1 item');
    expect(result.stdout).toContain('- data/claims.yaml: orders.confirmed: unconfirmed promise "Mehr als 5.000 Aufträge seit 2015"');
  });
});

describe('npm run check: running the site', { timeout: PROCESS_TEST_MS }, () => {
  it('groups the items: before going live, recommended, optional, and running the site as information in development', async () => {
    const result = await check([], { NODE_ENV: 'development', SMTP_URL: '', SITE_URL: '', DATABASE_PATH: join(folder(), 'none.db') });
    expect(result.status, result.stderr).toBe(1);
    const required = section(result.stdout, 'Before going live');
    expect(required.some((line) => line.startsWith('- data/site.yaml: phone.e164: example value'))).toBe(true);
    expect(required.some((line) => line.startsWith('- data/claims.yaml: damageFree.confirmed:'))).toBe(true);
    expect(section(result.stdout, 'Recommended').some((line) => line.startsWith('- data/images/shop.jpg: is a placeholder drawing'))).toBe(true);
    expect(section(result.stdout, 'Optional').some((line) => line.startsWith('- data/site.yaml: analytics.gaMeasurementId: unset'))).toBe(true);
    expect(required.concat(section(result.stdout, 'Optional')).some((line) => line.includes('placeholder'))).toBe(false);
    const information = section(result.stdout, 'For information, counts in production');
    expect(information.some((line) => line.startsWith('- SMTP_URL is unset'))).toBe(true);
    expect(information.some((line) => line.startsWith('- No owner password is set'))).toBe(true);
  });

  it('in production, lists an example SITE_URL, the missing SMTP_URL, password and backup before the data passes', async () => {
    const result = await check(['--data', realData().dir], { NODE_ENV: 'production', SMTP_URL: '', SITE_URL: 'https://www.example.de', DATABASE_PATH: join(folder(), 'none.db') });
    expect(result.status, result.stderr).toBe(1);
    const required = section(result.stdout, 'Before going live');
    expect(required.some((line) => line.startsWith('- SITE_URL is "https://www.example.de", an example address'))).toBe(true);
    expect(required.some((line) => line.startsWith('- SMTP_URL is unset: contact messages only become .eml files'))).toBe(true);
    expect(required.some((line) => line.startsWith('- No owner password is set'))).toBe(true);
    expect(section(result.stdout, 'Recommended').some((line) => line.startsWith('- No backup of the database was written yet'))).toBe(true);
    expect(result.stdout).toMatch(/Go-live check: 4 items open, 3 of them before going live\./);
  });

  it('passes in production once mail goes out through SMTP, SITE_URL is the real address, a password is set and a backup is fresh', async () => {
    const sink = await startSmtpSink();
    const dir = folder();
    const db = openDatabase(join(dir, 'site.db'));
    storePasswordHash(db, 'scrypt$32768$8$3$c2FsdA$a2V5');
    expect((await takeBackup(db, join(dir, 'backups'))).error).toBeNull();
    db.close();
    try {
      const env = { NODE_ENV: 'production', SMTP_URL: sink.url, SITE_URL: 'https://www.ruhrtuer.de', DATABASE_PATH: join(dir, 'site.db'), BACKUP_DIR: join(dir, 'backups') };
      const passed = await check(['--data', realData().dir], env);
      expect(passed.stdout).toContain('Go-live check: no example data');
      expect(passed.status, passed.stdout).toBe(0);
      const elsewhere = await check(['--data', realData().dir], { ...env, SITE_URL: 'https://www.ruhrtuer-essen.de' });
      expect(elsewhere.status).toBe(1);
      expect(elsewhere.stdout).toContain('- SITE_URL is "https://www.ruhrtuer-essen.de", but data/site.yaml\'s url is "https://www.ruhrtuer.de"');
      // Nothing was sent: the conversation ends before any mail.
      expect(sink.mails).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('fails in production when the SMTP server refuses the login or does not listen, saying so', async () => {
    const refusing = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, done) => done(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    const port = (refusing.server.address() as AddressInfo).port;
    const env = { NODE_ENV: 'production', SITE_URL: '', DATABASE_PATH: join(folder(), 'none.db') };
    try {
      const refused = await check(['--data', realData().dir], { ...env, SMTP_URL: `smtp://site:wrong@127.0.0.1:${port}` });
      expect(refused.status).toBe(1);
      const line = section(refused.stdout, 'Before going live').find((text) => text.includes(`The SMTP server 127.0.0.1:${port}`));
      expect(line).toMatch(/did not take a conversation \(Invalid login: 535 .*Invalid username or password\)/);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
    const down = await freePort();
    const unreachable = await check(['--data', realData().dir], { ...env, SMTP_URL: `smtp://127.0.0.1:${down}` });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stdout).toMatch(new RegExp(`- The SMTP server 127\\.0\\.0\\.1:${down} of SMTP_URL did not take a conversation \\(.*ECONNREFUSED`));
  });
});

describe('npm run build -- --production', { timeout: PROCESS_TEST_MS }, () => {
  it('refuses to build with example data, prints the list and writes nothing', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'site-prod-')), 'dist');
    try {
      // What `npm run build -- --production` runs: the bundled build (build/launch.mjs).
      const result = spawnSync(process.execPath, ['build/launch.mjs', '--production', '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('for production');
      expect(result.stderr).toContain('data/site.yaml: phone.e164: example value');
      expect(result.stderr).toContain('data/claims.yaml: damageFree.confirmed');
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  });

  it('refuses an example SITE_URL with real data, and writes nothing', () => {
    const out = join(folder(), 'dist');
    const result = spawnSync(process.execPath, ['build/launch.mjs', '--production', '--data', realData().dir, '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, SITE_URL: 'https://www.example.de' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Build stopped: 1 problem for production');
    expect(result.stderr).toContain('SITE_URL: is "https://www.example.de", an example address');
    expect(existsSync(out)).toBe(false);
  });

  it('the deployment steps build with --production, first and at every update (npm run update builds so unless told --plain)', () => {
    const steps = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');
    expect(steps.match(/^sudo -u schluesseldienst npm run build -- --production/gm)?.length).toBeGreaterThanOrEqual(1);
    expect(steps).toMatch(/^sudo -u schluesseldienst npm run update$/m);
    expect(steps).not.toMatch(/^sudo -u schluesseldienst npm run build(?! -- --production)/m);
    expect(steps).not.toMatch(/^sudo -u schluesseldienst npm run update -- --plain/m);
    expect(readFileSync(join(ROOT, 'scripts/update.ts'), 'utf8')).toMatch(/production \? \['--production'\]/);
  });
});
