// Example data cannot go live: `npm run check` lists every example fact, unconfirmed promise,
// placeholder image and unset id with its file and field, and a production build refuses while
// any remain; with real data both pass. Plain builds (npm start, npm test) keep working.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyData, ROOT, type DataCopy } from '../support/data-copy.ts';

// Each test starts a process (tsx, the whole data) that takes 2 s alone and more than vitest's 5 s
// on a loaded machine; the process itself is stopped after 120 s.
const PROCESS_TEST_MS = 130_000;
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
const copies: DataCopy[] = [];
afterAll(() => copies.forEach((copy) => copy.remove()));

/** A data folder as the owner leaves it after entering every real fact and confirming every promise. */
function realData(): DataCopy {
  const copy = copyData();
  copies.push(copy);
  copy.edit('site.yaml', (text) =>
    text
      .replace('name: Schlüsseldienst Mustermann', 'name: Schlüsseldienst Ruhrtür')
      .replace('legalName: Schlüsseldienst Mustermann, Inhaber Max Mustermann', 'legalName: Schlüsseldienst Ruhrtür, Inhaberin Erika Beispielfrau')
      .replace('owner: Max Mustermann', 'owner: Erika Beispielfrau')
      .replace('street: Musterstraße 1', 'street: Rüttenscheider Straße 12')
      .replace('url: https://www.schluesseldienst-mustermann.example', 'url: https://www.ruhrtuer.de')
      .replace('e164: "+492010000000"', 'e164: "+49201987654"')
      .replace('display: "0201 000 000 0"', 'display: "0201 987 654"')
      .replace('e164: "+491700000000"', 'e164: "+49170987654"')
      .replace('display: "0170 000 000 0"', 'display: "0170 987 654"')
      .replace('email: info@example.com', 'email: info@ruhrtuer.de')
      .replace(/(gaMeasurementId|adsId|adsCallConversionLabel|adsContactConversionLabel): null/g, '$1: false')
      .replace(/pageUrl: .*/, 'pageUrl: https://g.page/r/ruhrtuer/review')
      .replace('rollNumber: null', 'rollNumber: Betriebsnummer 12345')
      .replace('profession: null', 'profession: false')
      .replace('insurer: null', 'insurer: Beispiel Versicherung AG, Versicherungsweg 1, 50667 Köln')
      .replace('area: null', 'area: Deutschland')
      .replace('provider: null', 'provider: Beispiel Hosting GmbH')
      .replace('address: null', 'address: Serverstraße 1, 45127 Essen'),
  );
  copy.edit('claims.yaml', (text) => text.replace(/confirmed: false/g, 'confirmed: true'));
  copy.edit('legal/widerruf.md', (text) => text.replace('lawyerConfirmed: false', 'lawyerConfirmed: true'));
  copy.edit('order-form.yaml', (text) => text.replace('lawyerConfirmed: false', 'lawyerConfirmed: true'));
  copy.edit('phone-script.yaml', (text) => text.replace('lawyerConfirmed: false', 'lawyerConfirmed: true'));
  copy.edit('home.yaml', (text) => text.replace(/examples: true/g, 'examples: false'));
  copy.edit('about.yaml', (text) => text.replace(/examples: true/g, 'examples: false'));
  for (const image of readdirSync(join(copy.dir, 'images')).filter((name) => name.endsWith('.jpg'))) {
    // Other bytes than the shipped drawing: a photo of the business.
    writeFileSync(join(copy.dir, 'images', image), Buffer.concat([readFileSync(join(copy.dir, 'images', image)), Buffer.from([0])]));
  }
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

  it('lists a single remaining example, e.g. one unconfirmed promise', () => {
    const copy = realData();
    copy.edit('claims.yaml', (text) => text.replace(/(orders:\n(?:.*\n)*?  confirmed: )true/, '$1false'));
    const result = run(['scripts/check.ts', '--data', copy.dir]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('1 item');
    expect(result.stdout).toContain('- data/claims.yaml: orders.confirmed: unconfirmed promise "Mehr als 5.000 Aufträge seit 2015"');
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

  it('the systemd unit builds with --production', () => {
    expect(readFileSync(join(ROOT, 'deploy/schluesseldienst.service'), 'utf8')).toMatch(/^ExecStartPre=.*node build\/launch\.mjs --production$/m);
  });
});
