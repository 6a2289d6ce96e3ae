// The data forms of the owner's console (docs/owner-console.md, "Editing the data"): each edits one
// file of data/, lives at /intern/inhalte/<slug>, and names every field by the data path it edits.
// server/owner/content.tsx serves every form of this list the same way; a new form is a module
// that makes its fields (like server/content/prices-form.ts) and one entry here.
import type { ZodType } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { pricesSchema } from '../../core/schema/prices.ts';
import { siteSchema } from '../../core/schema/site.ts';
import { fillSlots } from '../../core/slots.ts';
import type { DataFileName } from './data-file.ts';
import type { FieldGroup, FormField, Problems } from './form-fields.ts';
import { pricesForm } from './prices-form.ts';
import { contactForm, contactProblems } from './contact-form.ts';
import { legalForm, legalProblems } from './legal-form.ts';
import { DATED_LEGAL_TEXTS, legalTextName, versionForm, versionSchema } from './version-form.ts';

export interface DataForm {
  /** The last part of its address: /intern/inhalte/<slug>; also its key in data/console.yaml's `content.sections`. */
  slug: string;
  file: DataFileName;
  /** The schema of the whole file: what it refuses is shown at the form's fields. */
  schema: ZodType;
  title(words: ConsoleWords): string;
  intro(words: ConsoleWords): string;
  /** The fields with the values of the file's data (the parsed YAML); `read` gives another data file's, for what a visitor reads. */
  groups(data: unknown, words: ConsoleWords, read: (file: DataFileName) => unknown): FieldGroup[];
  /** What the form refuses in the changed data beyond its schema (a fact that needs another), by field path. */
  check?(data: unknown, words: ConsoleWords): Problems;
  /** The heading of the links to this form's parts: the forms at /intern/inhalte/<slug>/…, which the overview does not list. */
  partsTitle?(words: ConsoleWords): string;
}

export const DATA_FORMS: readonly DataForm[] = [
  { slug: 'preise', file: 'prices.yaml', schema: pricesSchema, title: (words) => words.prices.title, intro: (words) => words.prices.intro, groups: (data, words) => pricesForm(data, words.prices) },
  { slug: 'kontakt', file: 'site.yaml', schema: siteSchema, title: (words) => words.contact.title, intro: (words) => words.contact.intro, groups: (data, words) => contactForm(data, words.contact), check: (data, words) => contactProblems(data, words.contact) },
  { slug: 'rechtliches', file: 'site.yaml', schema: siteSchema, title: (words) => words.legal.title, intro: (words) => words.legal.intro, groups: (data, words, read) => legalForm(data, words.legal, read), check: (data, words) => legalProblems(data, words.legal), partsTitle: (words) => words.legal.groups.versions },
  ...DATED_LEGAL_TEXTS.map(
    (name): DataForm => ({
      slug: `rechtliches/${name}`,
      file: `legal/${name}.md`,
      schema: versionSchema,
      title: (words) => fillSlots(words.legal.versionTitle, { text: legalTextName(words.legal, name) }),
      intro: (words) => words.legal.versionIntro,
      groups: (data, words) => versionForm(data, name, words.legal),
    }),
  ),
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
    const message = issue.code === 'too_small' && field.kind !== 'text' ? fillSlots(words.atLeast, { min: Number(issue.minimum) }) : issue.code === 'not_multiple_of' ? words.cents : words[field.kind];
    problems.set(field.path, message);
  }
  return problems;
}

/** A path of keys and list positions as a data path: a list's position becomes its item's id. */
export function dataPathOf(data: unknown, keys: readonly PropertyKey[]): string {
  const segments: string[] = [];
  let node = data;
  for (const key of keys) {
    node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    const id = typeof key === 'number' && node !== null && typeof node === 'object' ? (node as { id?: unknown }).id : undefined;
    segments.push(typeof id === 'string' ? id : String(key));
  }
  return segments.join('.');
}
