// The privacy policy, the Impressum and the consent banner are built from the code's own facts:
// every stored column is named, retention comes from the server's constants, Google's services
// appear only where an id is configured, and the Impressum shows the craft business's facts that
// data/site.yaml holds (docs/decisions.md, 'Privacy').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData } from '../../build/load/site-data.ts';
import { loadYaml } from '../../build/load/files.ts';
import { privacySchema } from '../../core/schema/privacy.ts';
import { CONTACT_RETENTION_DAYS, DEFAULT_VISIT_RETENTION_DAYS, PAGE_COUNT_RETENTION_MONTHS, SPAM_RETENTION_DAYS, STORED_TABLES } from '../../core/retention.ts';
import { copyData, ROOT, type DataCopy } from '../support/data-copy.ts';
import { BUILD_DATE, buildSite, type BuiltSite } from '../support/site-build.ts';

let shipped: BuiltSite;
let configured: BuiltSite;
let copy: DataCopy;

const text = (html: string) => html.replace(/<script[^]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  copy = copyData();
  copy.edit('site.yaml', (yaml) =>
    yaml
      .replace('gaMeasurementId: null', 'gaMeasurementId: G-TEST123')
      .replace('adsId: null', 'adsId: AW-123456789')
      .replace('rollNumber: null', 'rollNumber: Betriebsnummer 4711')
      .replace('profession: null', 'profession: Metallbauermeister')
      .replace('professionGrantedIn: null', 'professionGrantedIn: Deutschland')
      .replace('insurer: null', 'insurer: Beispiel Versicherung AG, Versicherungsweg 1, 50667 Köln')
      .replace('area: null', 'area: Deutschland')
      .replace('provider: null', 'provider: Beispiel Hosting GmbH')
      .replace('address: null', 'address: Serverstraße 1, 45127 Essen'),
  );
  shipped = await buildSite();
  configured = await buildSite({ dataDir: copy.dir });
}, 240_000);
afterAll(() => {
  shipped?.remove();
  configured?.remove();
  copy?.remove();
});

describe('what the server stores', () => {
  const privacy = loadYaml(`${ROOT}/data/privacy.yaml`, 'data/privacy.yaml', privacySchema);

  it('data/privacy.yaml describes exactly the tables and columns the server writes', () => {
    const described = Object.fromEntries(privacy.tables.map((table) => [table.table, Object.keys(table.columns)]));
    expect(described).toEqual(Object.fromEntries(Object.entries(STORED_TABLES).map(([table, columns]) => [table, [...columns]])));
  });

  it('the privacy policy names every stored column and the retention the server applies', () => {
    const policy = text(shipped.read('datenschutz/index.html'));
    for (const table of privacy.tables) {
      for (const description of Object.values(table.columns)) expect(policy, `${table.table}: ${description}`).toContain(description);
    }
    expect(policy).toContain(`${CONTACT_RETENTION_DAYS} Tage nach Eingang`);
    expect(policy).toContain(`als Spam eingestufte Nachrichten ${SPAM_RETENTION_DAYS} Tage nach Eingang`);
    expect(policy).toContain(`löscht er ${SPAM_RETENTION_DAYS} Tage nach ihrem Eingang`);
    expect(policy).toContain(`${PAGE_COUNT_RETENTION_MONTHS} Monate`);
    expect(policy).toContain(`nach ${DEFAULT_VISIT_RETENTION_DAYS} Tagen automatisch gelöscht`);
    // It describes the logs that exist (none with a shortened IP) and the proxy's error log.
    expect(policy).not.toContain('Server-Logfiles');
    expect(policy).toContain('vollständige IP-Adresse');
  });
});

describe('third parties only where configured', () => {
  it('without ids: no Google Analytics or Ads section, cookie row or banner promise', () => {
    const data = loadSiteData({ buildDate: BUILD_DATE });
    expect(data.site.analytics.gaMeasurementId).toBeNull();
    const policy = text(shipped.read('datenschutz/index.html'));
    expect(policy).toContain('Wir setzen derzeit weder Google Analytics noch das Conversion-Tracking von Google Ads ein.');
    expect(policy).not.toMatch(/Google Analytics 4|_ga|_gcl_au|Consent Mode/);
    const banner = text(shipped.read('index.html').match(/<section class="consent"[^]*?<\/section>/)![0]);
    expect(banner).toContain('„Alle akzeptieren“ schaltet unsere erweiterte eigene Statistik ein.');
    expect(banner).not.toMatch(/Google|anonymisiert/);
  });

  it('with ids: the policy has both sections and cookie rows, the banner names both', () => {
    const policy = text(configured.read('datenschutz/index.html'));
    expect(policy).toContain('Google Analytics 4');
    expect(policy).toContain('Google Ads Conversion-Tracking');
    expect(policy).toContain('_ga');
    expect(policy).toContain('_gcl_au');
    expect(policy).toContain('Rechtsgrundlage für Google Analytics und das Conversion-Tracking von Google Ads ist Ihre Einwilligung');
    const home = configured.read('index.html');
    const banner = text(home.match(/<section class="consent"[^]*?<\/section>/)![0]);
    expect(banner).toContain('„Alle akzeptieren“ schaltet unsere erweiterte eigene Statistik, Google Analytics und die Anzeigenmessung von Google Ads ein.');
    // Its settings, which the banner fetches when they are opened, explain each kind.
    const settings = text(configured.read(/data-consent-details-src="\/([^"]+)"/.exec(home)![1]!));
    expect(settings).toContain('pseudonym');
    expect(settings).toContain('Marketing');
    expect(`${banner} ${settings}`).not.toContain('anonymisiert');
  });

  it('names the hoster once data/site.yaml does', () => {
    expect(text(shipped.read('datenschutz/index.html'))).not.toContain('Server der');
    expect(text(configured.read('datenschutz/index.html'))).toContain('Diese Website läuft auf einem Server der Beispiel Hosting GmbH, Serverstraße 1, 45127 Essen.');
  });
});

describe('the Impressum of a craft business', () => {
  it('shows the chamber entry, the profession, the insurance and no supervisory authority where none applies', () => {
    const impressum = text(configured.read('impressum/index.html'));
    expect(impressum).toContain('Eintragung in die Handwerksrolle: Betriebsnummer 4711');
    expect(impressum).toContain('Berufsbezeichnung: Metallbauermeister, verliehen in Deutschland');
    expect(impressum).toContain('Berufshaftpflichtversicherung Beispiel Versicherung AG, Versicherungsweg 1, 50667 Köln Räumlicher Geltungsbereich: Deutschland');
    expect(impressum).not.toContain('Aufsichtsbehörde');
  });

  it('leaves out what the data does not hold yet (npm run check lists it)', () => {
    const impressum = text(shipped.read('impressum/index.html'));
    expect(impressum).not.toMatch(/Handwerksrolle:|Berufsbezeichnung|Berufshaftpflichtversicherung|null/);
    expect(impressum).toContain('Zuständige Kammer: Handwerkskammer Düsseldorf');
  });
});
