// The form of data/claims.yaml (/intern/inhalte/versprechen): each promise with its text, its
// condition, its exceptions and figures, the owner's basis (never shown on the site) and the box
// "bestätigt" (`confirmed`), under a heading that says where the promise appears on the site and
// whether a build for the real site would show it: `npm run build -- --production` refuses while
// a promise is unconfirmed (build/check.ts), a plain build shows it.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import { claimUses } from './claim-uses.ts';
import type { FieldGroup, FormField } from './form-fields.ts';

type ClaimWords = ConsoleWords['claims'];

/** The fields of one promise, in the order of the file; a key the form does not know stays out of it. */
function claimFields(id: string, claim: Record<string, unknown>, words: ClaimWords): FormField[] {
  const f = words.fields;
  const text = (key: string, value: unknown, label: string): FormField => ({ path: `${id}.${key}`, label, kind: 'textarea', value: String(value), keepSlots: true });
  const fields: FormField[] = [];
  for (const [key, value] of Object.entries(claim)) {
    if (key === 'text' || key === 'condition') fields.push(text(key, value, f[key]));
    else if (key === 'exceptions' && Array.isArray(value)) value.forEach((exception, index) => fields.push(text(`exceptions.${index}`, exception, fillSlots(f.exception, { number: index + 1 }))));
    else if (typeof value === 'number') fields.push({ path: `${id}.${key}`, label: words.figures[key] ?? key, kind: 'whole', value, min: 1 });
  }
  // A promise without a basis gets an empty field: a text typed there is added as the promise's last line.
  fields.push({ path: `${id}.basis`, label: f.basis, kind: 'line', value: typeof claim.basis === 'string' ? claim.basis : '', note: f.basisNote });
  const confirmed = claim.confirmed === true;
  fields.push({
    path: `${id}.confirmed`,
    label: f.confirmed,
    kind: 'checkbox',
    value: confirmed,
    choices: [
      { value: 'true', label: f.confirmedYes },
      { value: 'false', label: f.confirmedNo },
    ],
  });
  return fields.map((field) => ({ ...field, name: `${words.names[id] ?? id}: ${field.label}` }));
}

/** Where the promise appears, and whether a build for the real site shows it, in the owner's words. */
function status(confirmed: boolean, pages: readonly string[], words: ClaimWords): string {
  const where = pages.length > 0 ? fillSlots(words.shownOn, { pages: pages.join(', ') }) : words.shownNowhere;
  return `${confirmed ? words.confirmedState : words.unconfirmedState} ${where}`;
}

/** The form's fields, one group per promise, with the values of the file's `data` (parsed YAML). */
export function claimsForm(data: unknown, words: ConsoleWords, dataDir: string): FieldGroup[] {
  const uses = claimUses(dataDir, words.texts);
  return Object.entries(data as Record<string, Record<string, unknown>>).map(([id, claim]) => ({
    title: words.claims.names[id] ?? id,
    note: status(claim.confirmed === true, uses.get(id) ?? [], words.claims),
    fields: claimFields(id, claim, words.claims),
  }));
}
