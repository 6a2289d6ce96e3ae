// The data forms of the owner's console (docs/owner-console.md, "Editing the data"): each edits one
// file of data/, lives at /intern/inhalte/<slug>, and names every field by the data path it edits.
// server/owner/content.tsx serves every form of this list the same way; a new form is a module
// that makes its fields (like server/content/prices-form.ts) and one entry here.
import type { ZodType } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { claimsSchema } from '../../core/schema/claims.ts';
import { pricesSchema } from '../../core/schema/prices.ts';
import { siteSchema } from '../../core/schema/site.ts';
import { fillSlots } from '../../core/slots.ts';
import { claimsForm } from './claims-form.ts';
import type { FieldGroup, FormField, Problems } from './form-fields.ts';
import { pricesForm } from './prices-form.ts';
import { TEXT_FORMS, TRUST_FORMS } from './text-forms.ts';
import { LEGAL_TEXT_FORMS } from './legal-text-forms.ts';
import type { Change } from './save.ts';
import { editDataFile, parseDataFile, type DataEdit } from './yaml-edit.ts';
import { contactForm, contactProblems } from './contact-form.ts';
import { legalForm, legalProblems } from './legal-form.ts';
import { DATED_LEGAL_TEXTS, legalTextName, versionForm, versionSchema } from './version-form.ts';
import { readDataFile, type DataFileName } from './data-file.ts';

export interface DataForm {
  /** The last part of its address: /intern/inhalte/<slug>; also its key in data/console.yaml's `content.sections`. */
  slug: string;
  file: DataFileName;
  /** The schema of the whole file: what it refuses is shown at the form's fields. */
  schema: ZodType;
  title(words: ConsoleWords): string;
  intro(words: ConsoleWords): string;
  /** The fields with the values of the file's data (the parsed YAML); `dataDir` for what other files of data/ say of it. */
  groups(data: unknown, words: ConsoleWords, dataDir: string): FieldGroup[];
  /** Listed on /intern/inhalte/<under> instead of /intern/inhalte (the Texte forms: "texte"). */
  under?: string;
  /** A file that is no YAML file (a Markdown page, server/content/markdown-file.ts): its data, and its text with values changed. */
  format?: { data(text: string): unknown; edit(text: string, edits: readonly DataEdit[]): { text: string; data: unknown } };
  /** What the form refuses in the changed data beyond its schema (a fact that needs another), by field path. */
  check?(data: unknown, words: ConsoleWords): Problems;
  /** Changes the form makes with the owner's (the legal texts' date with their text), and the sentence that says so in the saved notice; null for none. */
  alsoChanges?(changes: readonly Change[], fields: readonly FormField[], words: ConsoleWords): { changes: Change[]; note: string } | null;
  /** The heading of the links to this form's parts: the forms at /intern/inhalte/<slug>/…, which the overview does not list. */
  partsTitle?(words: ConsoleWords): string;
}

/** The data of a form's file as its fields read it. */
/** The data of a form's file: its own format's, or the YAML (of a Markdown file: its front matter, server/content/yaml-edit.ts). */
export const dataOf = (form: DataForm, text: string): unknown => (form.format ? form.format.data(text) : parseDataFile(form.file, text).toJS());

/** How a form's file is edited in place: its own format's way, or the YAML's. */
export const editOf = (form: DataForm): ((text: string, edits: readonly DataEdit[]) => { text: string; data: unknown }) => form.format?.edit ?? ((text, edits) => editDataFile(form.file, text, edits));

/** The parsed data of another file of data/, for a form that shows what it makes of the edited one (the VAT note of data/prices.yaml). */
export const dataReader =
  (dataDir: string) =>
  (file: DataFileName): unknown =>
    parseDataFile(file, readDataFile(dataDir, file).text).toJS();

/** A box without words of its own reads "ja" or "nein" where a change is listed (saved notice, preview, history), never "true" or "false". */
function withYesNo(groups: FieldGroup[], words: ConsoleWords): FieldGroup[] {
  const choices = [
    { value: 'true', label: words.texts.yes },
    { value: 'false', label: words.texts.no },
  ];
  return groups.map((group) => ({ ...group, fields: group.fields.map((field) => (field.kind === 'checkbox' && !field.choices ? { ...field, choices } : field)) }));
}

export const DATA_FORMS: readonly DataForm[] = [
  { slug: 'preise', file: 'prices.yaml', schema: pricesSchema, title: (words) => words.prices.title, intro: (words) => words.prices.intro, groups: (data, words) => pricesForm(data, words.prices) },
  { slug: 'versprechen', file: 'claims.yaml', schema: claimsSchema, title: (words) => words.claims.title, intro: (words) => words.claims.intro, groups: claimsForm },
  ...TEXT_FORMS,
  ...TRUST_FORMS,
  { slug: 'kontakt', file: 'site.yaml', schema: siteSchema, title: (words) => words.contact.title, intro: (words) => words.contact.intro, groups: (data, words) => contactForm(data, words.contact), check: (data, words) => contactProblems(data, words.contact) },
  { slug: 'rechtliches', file: 'site.yaml', schema: siteSchema, title: (words) => words.legal.title, intro: (words) => words.legal.intro, groups: (data, words, dataDir) => legalForm(data, words.legal, dataReader(dataDir)), check: (data, words) => legalProblems(data, words.legal), partsTitle: (words) => words.legal.groups.versions },
  ...DATED_LEGAL_TEXTS.map(
    (name): DataForm => ({
      slug: `rechtliches/${name}`,
      file: `legal/${name}.md`,
      schema: versionSchema,
      title: (words) => fillSlots(words.legal.versionTitle, { text: legalTextName(words.legal, name) }),
      intro: (words) => words.legal.versionIntro,
      groups: (data, words) => withYesNo(versionForm(data, name, words.legal), words),
    }),
  ),
  // After the legal texts' date forms, which stay the go-live list's link for the withdrawal text's lawyerConfirmed (server/owner/start.tsx).
  ...LEGAL_TEXT_FORMS,
];

/**
 * What the file's schema refuses in the changed data, at the form's fields: a number below its
 * limit or with more than two decimals, a text too short (the form's own parsing catches the rest).
 * The build's checks run after this (server/content/data-file.ts) and have the last word.
 */
export function schemaProblems(schema: ZodType, data: unknown, fields: readonly FormField[], words: ConsoleWords['form']['problems']): Problems {
  const result = schema.safeParse(data);
  const problems = new Map<string, string>();
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const path = dataPathOf(data, issue.path);
    const field = fields.find((candidate) => candidate.path === path);
    if (!field || problems.has(field.path)) continue;
    // Each kind of field has a message of the same name.
    const numeric = field.kind === 'euro' || field.kind === 'whole';
    const message =
      issue.code === 'too_small' && field.kind !== 'text'
        ? fillSlots(numeric ? words.atLeast : words.tooShort, { min: Number(issue.minimum) })
        : issue.code === 'too_big' && numeric
          ? fillSlots(words.atMost, { max: Number(issue.maximum) })
          : issue.code === 'not_multiple_of'
            ? words.cents
            : words[field.kind];
    problems.set(field.path, message);
  }
  return problems;
}

/** A path of keys and list positions as a data path: a list's position becomes its item's id. */
export function dataPathOf(data: unknown, keys: readonly PropertyKey[], itemName: (item: unknown) => string | null = itemId): string {
  const segments: string[] = [];
  let node = data;
  for (const key of keys) {
    node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    const name = typeof key === 'number' ? itemName(node) : null;
    segments.push(name ?? String(key));
  }
  return segments.join('.');
}

/** A list item's name in a data path: its `id`. */
const itemId = (item: unknown): string | null => {
  const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
};

/** What the owner calls the part of the site a data file holds: the title of its form ("Preise"), "Fotos", "Orte"; else the file. */
export function partOfSite(file: string, words: ConsoleWords): string {
  if (file.startsWith('data/images/')) return words.photos.title;
  if (file.startsWith('data/places/')) return words.places.title;
  // A file two forms edit (site.yaml: Kontakt und Zeiten, Rechtliches) is named by both, so a change of one is never filed under the other.
  const forms = DATA_FORMS.filter((candidate) => `data/${candidate.file}` === file);
  const main = forms.filter((candidate) => !candidate.slug.includes('/'));
  const titles = [...new Set((main.length > 0 ? main : forms.slice(0, 1)).map((form) => form.title(words)))];
  return titles.length > 0 ? titles.join(' / ') : file;
}
