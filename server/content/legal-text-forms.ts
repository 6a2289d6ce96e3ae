// The legal pages in the console's Texte (docs/owner-console.md, "The Versprechen and Texte forms"):
// data/legal/<name>.md edited like a trust page, its front matter's texts and its Markdown body
// (server/content/markdown-file.ts), under a notice that a legal text changes only after legal
// advice. The version date `stand` (shown as "Stand: …" under the text; also edited by
// server/content/version-form.ts) is a date field of its own; a save that changes the body but not
// the date sets it to today's Berlin date and says so. The privacy policy's tables of what the
// software stores (data/privacy.yaml, {{privacy.…}}) are no part of it.
import { z } from 'zod';
import { berlinDay } from '../../core/berlin-day.ts';
import { formatGermanDate } from '../../core/format.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { FieldGroup } from './form-fields.ts';
import type { DataForm } from './forms.ts';
import { BODY_PATH, editMarkdownText, markdownData } from './markdown-file.ts';
import { LEGAL_TEXT_PAGES, type LegalTextPage } from './text-pages.ts';
import { textGroups, TEXTS_SLUG } from './text-forms.ts';
import { DATED_LEGAL_TEXTS, legalTextName, versionForm, type DatedLegalText } from './version-form.ts';

const STAND_PATH = 'stand';

const isDated = (name: LegalTextPage): name is DatedLegalText => (DATED_LEGAL_TEXTS as readonly string[]).includes(name);

/** The page's name and address as the owner knows them (data/console.yaml, `texts.pages`). */
function pageOf(name: LegalTextPage, words: ConsoleWords): { title: string; address: string } {
  return words.texts.pages[name] ?? { title: `data/legal/${name}.md`, address: '' };
}

/** What the placeholders of a legal text are, with their own spelling (which data/console.yaml cannot write: the build would fill it). */
function placeholderHint(name: LegalTextPage, words: ConsoleWords): string {
  const hint = fillSlots(words.texts.legalPlaceholders, { example: '{{legalName}}', ifStart: '{{#if …}}', ifEnd: '{{/if}}' });
  return name === 'datenschutz' ? `${hint} ${fillSlots(words.texts.legalPrivacy, { privacy: '{{privacy.…}}' })}` : hint;
}

/** The texts of the front matter and the body, then the date the text's version carries. */
function legalGroups(name: LegalTextPage, data: unknown, words: ConsoleWords): FieldGroup[] {
  const { [STAND_PATH]: _stand, ...texts } = (data ?? {}) as Record<string, unknown>;
  const groups = textGroups(texts, words.texts).map((group) => ({
    ...group,
    fields: group.fields.map((field) => (field.path === BODY_PATH ? { ...field, kind: 'textarea' as const, note: words.texts.markdownNote, hint: placeholderHint(name, words) } : field)),
  }));
  const stand = isDated(name) ? versionForm(data, name, words.legal)[0]?.fields.find((field) => field.path === STAND_PATH) : undefined;
  if (stand) groups.push({ title: fillSlots(words.legal.versionTitle, { text: legalTextName(words.legal, name as DatedLegalText) }), fields: [stand] });
  return groups;
}

export const LEGAL_TEXT_FORMS: readonly DataForm[] = LEGAL_TEXT_PAGES.map(
  (name): DataForm => ({
    slug: `${TEXTS_SLUG}/${name}`,
    under: TEXTS_SLUG,
    file: `legal/${name}.md`,
    schema: z.unknown(),
    title: (words) => fillSlots(words.texts.title, { page: pageOf(name, words).title, address: pageOf(name, words).address }),
    intro: (words) => (isDated(name) ? `${words.texts.legalIntro} ${words.texts.legalStandIntro}` : words.texts.legalIntro),
    groups: (data, words) => legalGroups(name, data, words),
    format: { data: markdownData, edit: editMarkdownText },
    // A changed text with its old date would tell a customer the wrong version: the date becomes today's.
    alsoChanges(changes, fields, words) {
      const stand = fields.find((field) => field.path === STAND_PATH);
      if (!stand || !changes.some((change) => change.field.path === BODY_PATH) || changes.some((change) => change.field === stand)) return null;
      const today = berlinDay(Date.now());
      if (stand.value === today) return null;
      return { changes: [{ field: stand, before: stand.value, after: today }], note: fillSlots(words.texts.standSet, { date: formatGermanDate(today) }) };
    },
  }),
);
