// The version date ("Stand") of a legal text, in the front matter of data/legal/<name>.md: one small
// form per text at /intern/inhalte/rechtliches/<name>, linked from the Rechtliches form. The date
// tells a customer which version applied to his job (data/legal/agb.md's comment); the form
// changes only that value of the front matter, never the text below it (server/content/yaml-edit.ts,
// editDataFile).
import { z } from 'zod';
import { formatGermanDate } from '../../core/format.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { isoDay } from '../../core/schema/legal.ts';
import { fillSlots } from '../../core/slots.ts';
import type { FieldGroup } from './form-fields.ts';

/** The legal texts dated by their front matter (the Impressum carries no date). */
export const DATED_LEGAL_TEXTS = ['agb', 'datenschutz', 'widerruf'] as const;
export type DatedLegalText = (typeof DATED_LEGAL_TEXTS)[number];

/** What the form checks of the front matter; the build's checks (its full schema, with the placeholders filled) follow. */
export const versionSchema = z.looseObject({ stand: isoDay });

/** The text's name as the owner knows it ("Allgemeine Geschäftsbedingungen"). */
export const legalTextName = (w: ConsoleWords['legal'], name: DatedLegalText): string => w.texts[name];

/** The date, with the line visitors read under the text, and where the text states a reading of the law (the withdrawal text), whether a lawyer confirmed it; none where the file has no `stand` to change. */
export function versionForm(data: unknown, name: DatedLegalText, w: ConsoleWords['legal']): FieldGroup[] {
  const front = data as { stand?: unknown; lawyerConfirmed?: unknown } | null;
  if (typeof front?.stand !== 'string') return [];
  const text = legalTextName(w, name);
  const lawyer = front.lawyerConfirmed;
  return [
    {
      title: text,
      fields: [
        { path: 'stand', label: fillSlots(w.fields.stand, { text }), hint: w.versionHint, kind: 'date', value: front.stand, shown: fillSlots(w.fields.standShown, { date: formatGermanDate(front.stand) }) },
        ...(typeof lawyer === 'boolean' ? [{ path: 'lawyerConfirmed', label: w.fields.lawyerConfirmed, kind: 'checkbox' as const, value: lawyer }] : []),
      ],
    },
  ];
}
