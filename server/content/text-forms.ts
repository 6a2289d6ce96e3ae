// The console's Texte: one form per page file of server/content/text-pages.ts at
// /intern/inhalte/texte/<slug>, listed at /intern/inhalte/texte. Every text of the file is a field
// named by its data path, in the file's order, grouped by the file's first-level keys (data/services.yaml
// by the page a visitor reads it on: serviceSection); a long or
// folded text is a textarea. What is no text a visitor reads stays out: ids, links, icons, images,
// price ids, dates (EXCLUDED_KEYS), numbers and yes/no switches. Every field keeps its text's
// {{placeholders}} and {slots} (server/content/kept-slots.ts). The build's own checks judge the
// rest (server/content/save.ts), so the schema here lets everything through.
import { z } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { servicePath, SERVICES_PATH } from '../../core/slugs.ts';
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

/** The group a text belongs to: its key among the groups, its title, its name in the list of changes, and how many of its keys the title says (the label says the rest). */
interface Section {
  key: string;
  title: string;
  name: string;
  depth: number;
}

/** By default a text's group is its file's first-level key. */
function firstKey(text: Text, words: TextWords): Section {
  const title = readable(text.named[0]!, words);
  return { key: String(text.keys[0]), title, name: title, depth: 1 };
}

/** The fields of a page file's texts (its parsed YAML), grouped by `section` (by default the file's first-level keys). */
export function textGroups(data: unknown, words: TextWords, section: (text: Text) => Section = (text) => firstKey(text, words)): FieldGroup[] {
  const found: Text[] = [];
  texts(data, [], [], found);
  const groups = new Map<string, FieldGroup>();
  for (const text of found) {
    const { key, title, name, depth } = section(text);
    const group = groups.get(key) ?? { title, fields: [] };
    groups.set(key, group);
    const rest = text.named.slice(depth);
    const label = rest.length > 0 ? rest.map((segment) => readable(segment, words)).join(' › ') : title;
    // The list of changes names a field by its group's name, without the address.
    const named = `${name} › ${label}`;
    const path = text.keys.join('.');
    if (typeof text.value === 'boolean') {
      group.fields.push({ path, label, name: named, kind: 'checkbox', value: text.value, choices: [{ value: 'true', label: words.yes }, { value: 'false', label: words.no }] });
      continue;
    }
    const long = text.value.length > LONG_TEXT || text.value.trimEnd().includes('\n');
    group.fields.push({ path, label, name: named, kind: long ? 'textarea' : 'line', value: text.value, keepSlots: true });
  }
  return [...groups.values()];
}

/**
 * The groups of data/services.yaml by the page a visitor reads them on: `overview` on /leistungen,
 * `page` on every service's page, and each item of `services` on its own page, titled with the
 * service's title and address.
 */
function serviceSection(data: unknown, words: TextWords): (text: Text) => Section {
  const services = ((data as { services?: unknown } | null)?.services ?? []) as { title?: unknown; slug?: unknown }[];
  const titled = (key: string, name: string, address: string, depth: number): Section => ({ key, title: fillSlots(words.pageGroup, { page: name, address }), name, depth });
  return (text) => {
    const [top, position] = text.named;
    if (top === 'overview') return titled(top, words.pages.leistungen?.title ?? readable(top, words), SERVICES_PATH, 1);
    if (top === 'page') return titled(top, words.servicePages, servicePath('…'), 1);
    const service = top === 'services' && typeof position === 'number' ? services[position] : undefined;
    if (!service || typeof service.slug !== 'string') return firstKey(text, words);
    return titled(`services.${position}`, typeof service.title === 'string' ? service.title : readable(position!, words), servicePath(service.slug), 2);
  };
}

/** The groups of a page file's form: data/services.yaml's by its pages, the others' by their first-level keys. */
const pageGroups = (page: TextPage, data: unknown, words: TextWords): FieldGroup[] => (page.file === 'services.yaml' ? textGroups(data, words, serviceSection(data, words)) : textGroups(data, words));

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
  groups: (data, words) => pageGroups(page, data, words.texts),
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
