// The console's Texte: one form per page file of server/content/text-pages.ts at
// /intern/inhalte/texte/<slug>, listed at /intern/inhalte/texte. Every text of the file is a field
// named by its data path, in the file's order, grouped by the file's first-level keys; a long or
// folded text is a textarea. What is no text a visitor reads stays out: ids, links, icons, images,
// price ids, dates (EXCLUDED_KEYS), numbers and yes/no switches. Every field keeps its text's
// {{placeholders}} and {slots} (server/content/kept-slots.ts). The build's own checks judge the
// rest (server/content/save.ts), so the schema here lets everything through.
import { z } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { FieldGroup } from './form-fields.ts';
import type { DataForm } from './forms.ts';
import { BODY_PATH, editMarkdownText, markdownData } from './markdown-file.ts';
import { TEXT_PAGES, TRUST_PAGES, type TextPage } from './text-pages.ts';

/** The overview of the text forms: /intern/inhalte/texte, and each form's `under`. */
export const TEXTS_SLUG = 'texte';

/** Keys whose strings are references or settings, not words: changing one would break a link, an icon, a price or a picture. */
const EXCLUDED_KEYS = new Set(['id', 'href', 'icon', 'image', 'priceId', 'ids', 'slug', 'date', 'trackingLabel']);

/** A text longer than this, or of several lines, gets a textarea. */
const LONG_TEXT = 90;

type TextWords = ConsoleWords['texts'];

/** A key as the owner reads it: the words' name for it, else the key split into words ("allDistricts" → "All districts"). */
function readable(segment: string | number, words: TextWords): string {
  if (typeof segment === 'number') return fillSlots(words.item, { number: segment + 1 });
  const known = words.keys[segment];
  if (known) return known;
  const spaced = segment.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The yes/no values a page file holds that the owner decides before going live (the go-live check's "lawyer" and "invented" items): each a checkbox. */
const SWITCH_KEYS = new Set(['lawyerConfirmed', 'examples']);

interface Text {
  /** The data path's keys: a list's item by its id, else by its position. */
  keys: (string | number)[];
  /** The same for the label: a list's item always by its position ("Nr. 2"), its id being no word. */
  named: (string | number)[];
  value: string | boolean;
}

/** Every text under `value` with its keys. */
function texts(value: unknown, keys: (string | number)[], named: (string | number)[], found: Text[]): void {
  if (typeof value === 'string' || (typeof value === 'boolean' && SWITCH_KEYS.has(String(keys.at(-1))))) found.push({ keys, named, value });
  else if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
      texts(item, [...keys, typeof id === 'string' ? id : index], [...named, index], found);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!EXCLUDED_KEYS.has(key)) texts(item, [...keys, key], [...named, key], found);
  }
}

/** The fields of a page file's texts (its parsed YAML), grouped by its first-level keys. */
export function textGroups(data: unknown, words: TextWords): FieldGroup[] {
  const found: Text[] = [];
  texts(data, [], [], found);
  const groups = new Map<string, FieldGroup>();
  for (const text of found) {
    const [top, ...rest] = text.named;
    const title = readable(top!, words);
    const group = groups.get(String(text.keys[0])) ?? { title, fields: [] };
    groups.set(String(text.keys[0]), group);
    const label = rest.length > 0 ? rest.map((segment) => readable(segment, words)).join(' › ') : title;
    const path = text.keys.join('.');
    if (typeof text.value === 'boolean') {
      group.fields.push({ path, label, name: `${title} › ${label}`, kind: 'checkbox', value: text.value, choices: [{ value: 'true', label: words.yes }, { value: 'false', label: words.no }] });
      continue;
    }
    const long = text.value.length > LONG_TEXT || text.value.trimEnd().includes('\n');
    group.fields.push({ path, label, name: `${title} › ${label}`, kind: long ? 'textarea' : 'line', value: text.value, keepSlots: true });
  }
  return [...groups.values()];
}

/** The form's title: "Texte: Startseite (/)". */
function pageTitle(page: TextPage, words: ConsoleWords): string {
  const { title, address } = words.texts.pages[page.slug] ?? { title: page.file, address: '' };
  return fillSlots(words.texts.title, { page: title, address });
}

export const TEXT_FORMS: readonly DataForm[] = TEXT_PAGES.map((page) => ({
  slug: `${TEXTS_SLUG}/${page.slug}`,
  under: TEXTS_SLUG,
  file: page.file,
  schema: z.unknown(),
  title: (words) => pageTitle(page, words),
  intro: (words) => words.texts.intro,
  groups: (data, words) => textGroups(data, words.texts),
}));

/** The trust pages' forms (/intern/inhalte/texte/<slug>): the front matter's texts and the Markdown body, which says how to write it. */
export const TRUST_FORMS: readonly DataForm[] = TRUST_PAGES.map((slug) => ({
  slug: `${TEXTS_SLUG}/${slug}`,
  under: TEXTS_SLUG,
  file: `trust/${slug}.md`,
  schema: z.unknown(),
  title: (words) => fillSlots(words.texts.title, { page: words.texts.trustPage, address: `/${slug}` }),
  intro: (words) => words.texts.intro,
  groups: (data, words) =>
    textGroups(data, words.texts).map((group) => ({ ...group, fields: group.fields.map((field) => (field.path === BODY_PATH ? { ...field, kind: 'textarea', note: words.texts.markdownNote } : field)) })),
  format: { data: markdownData, edit: editMarkdownText },
}));
