// The files of data/ whose texts are the texts of pages (the console's Texte, server/content/text-forms.ts),
// each with the last part of its form's address; the page's name and address are the owner's words
// (data/console.yaml, `texts.pages.<slug>`). Not here: the facts (site.yaml, prices.yaml,
// claims.yaml, places/), the console's own words (console.yaml) and the privacy policy's technical
// lists (privacy.yaml). The trust pages (data/trust/<slug>.md, Markdown with front matter) are
// TRUST_PAGES, the legal pages (data/legal/<name>.md, the same) LEGAL_TEXT_PAGES.
import type { DataFileName } from './data-file.ts';

export interface TextPage {
  file: DataFileName;
  /** /intern/inhalte/texte/<slug> */
  slug: string;
}

export const TEXT_PAGES: readonly TextPage[] = [
  { file: 'home.yaml', slug: 'startseite' },
  { file: 'services.yaml', slug: 'leistungen' },
  { file: 'prices-page.yaml', slug: 'preise' },
  { file: 'about.yaml', slug: 'ueber-den-betrieb' },
  { file: 'contact-page.yaml', slug: 'kontakt' },
  { file: 'reviews-page.yaml', slug: 'bewertungen' },
  { file: 'place-pages.yaml', slug: 'ortsseiten' },
  { file: 'order-form.yaml', slug: 'auftragsformular' },
  { file: 'phone-script.yaml', slug: 'telefon' },
  { file: 'error-pages.yaml', slug: 'fehlerseite' },
  { file: 'layout.yaml', slug: 'alle-seiten' },
  { file: 'navigation.yaml', slug: 'menue' },
  { file: 'contact-form.yaml', slug: 'kontaktformular' },
  { file: 'messages.yaml', slug: 'meldungen' },
];

/** The trust pages of data/trust/ in their `order`, each at /<slug> on the site (tests/unit/text-forms.test.ts compares the folder). */
export const TRUST_PAGES: readonly string[] = [
  'keine-abzocke',
  'alles-inklusive',
  'festpreis-garantie',
  'lokaler-handwerker',
  'schonende-oeffnung',
  'schnell-vor-ort',
  'ehrlicher-handwerker',
  'geld-zurueck-garantie',
  'kartenzahlung-moeglich',
];

/** The legal pages of data/legal/, each edited at /intern/inhalte/texte/<name> (server/content/legal-text-forms.ts); the withdrawal text is shown on /agb and /auftrag. */
export const LEGAL_TEXT_PAGES = ['impressum', 'datenschutz', 'agb', 'widerruf'] as const;
export type LegalTextPage = (typeof LEGAL_TEXT_PAGES)[number];
