// The shipped example data as the owner leaves it after entering every real fact, confirming every
// promise and replacing every drawing: nothing of the go-live check's is open, `npm run check`
// passes and `npm run build -- --production` builds it (tests/integration/go-live.test.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataCopy } from './data-copy.ts';

/** The real site's address of this data (data/site.yaml's url after resolveGoLive). */
export const REAL_SITE_URL = 'https://www.ruhrtuer.de';

/** Resolves every go-live item of the example data in `copy`. */
export function resolveGoLive(copy: DataCopy): void {
  copy.edit('site.yaml', (text) =>
    text
      .replace('name: Schlüsseldienst Mustermann', 'name: Schlüsseldienst Ruhrtür')
      .replace('legalName: Schlüsseldienst Mustermann, Inhaber Max Mustermann', 'legalName: Schlüsseldienst Ruhrtür, Inhaberin Erika Beispielfrau')
      .replace('owner: Max Mustermann', 'owner: Erika Beispielfrau')
      .replace('street: Musterstraße 1', 'street: Rüttenscheider Straße 12')
      .replace('url: https://www.schluesseldienst-mustermann.example', `url: ${REAL_SITE_URL}`)
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
}
