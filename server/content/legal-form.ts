// The form "Rechtliches" of data/site.yaml (/intern/inhalte/rechtliches): the facts the Impressum
// needs (§ 5 DDG, DL-InfoV § 2), the VAT switch with the price note it changes on every page, the
// VAT id and the hoster the privacy policy names. A fact may be unknown yet (an empty field: null,
// which `npm run check` lists and the Impressum leaves out) or not apply to the business (its
// checkbox "trifft nicht zu": false), as data/site.yaml's comments say.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { DataFileName } from './data-file.ts';
import type { FieldGroup, FormField } from './form-fields.ts';

type LegalWords = ConsoleWords['legal'];
type Fact = string | false | null;

interface RawLegal {
  registration: {
    tradeOffice: string;
    chamber: string;
    rollNumber: Fact;
    profession: Fact;
    professionGrantedIn: Fact;
    supervisoryAuthority: Fact;
    insurance: { insurer: Fact; area: Fact };
    smallBusiness: boolean;
    vatRate?: number;
    vatId: string | null;
  };
  hosting: { provider: Fact; address: Fact };
}

interface VatWording {
  note: string;
}

/**
 * A fact that may be unknown (empty) and, with `notApplicable`, may not apply; still unknown, it
 * says that it is missing before going live (build/check.ts lists the same; `required` false for
 * one it lists only when another fact makes it needed).
 */
function factField(path: string, label: string, value: Fact, w: LegalWords, options: { hint?: string; notApplicable?: boolean; required?: boolean } = {}): FormField {
  return {
    path,
    label,
    kind: 'fact',
    value,
    hint: options.hint ? `${options.hint} ${w.emptyHint}` : w.emptyHint,
    ...(options.notApplicable ? { notApplicable: w.notApplicable } : {}),
    ...(value === null && options.required !== false ? { warning: w.missing } : {}),
  };
}

/** The price note visitors read under every price with either setting (data/prices.yaml `vat`, its one placeholder filled). */
function vatNotes(prices: unknown, vatRate: number): { smallBusiness: string; standard: string } | null {
  const vat = (prices as { vat?: { smallBusiness?: VatWording; standard?: VatWording } } | null)?.vat;
  if (!vat?.smallBusiness?.note || !vat.standard?.note) return null;
  const filled = (note: string) => note.replaceAll('{{registration.vatRate}}', String(vatRate));
  return { smallBusiness: filled(vat.smallBusiness.note), standard: filled(vat.standard.note) };
}

function vatField(registration: RawLegal['registration'], w: LegalWords, read: (file: DataFileName) => unknown): FormField {
  const f = w.fields;
  let prices: unknown = null;
  try {
    prices = read('prices.yaml');
  } catch {
    // A data/prices.yaml that cannot be read leaves out the note here; the Preise form says why.
  }
  const notes = vatNotes(prices, registration.vatRate ?? 19);
  const [now, other] = notes ? (registration.smallBusiness ? [notes.smallBusiness, notes.standard] : [notes.standard, notes.smallBusiness]) : [null, null];
  return {
    path: 'registration.smallBusiness',
    label: f.smallBusiness,
    kind: 'flag',
    value: registration.smallBusiness,
    choices: [
      { value: 'true', label: f.smallBusinessYes },
      { value: 'false', label: f.smallBusinessNo },
    ],
    warning: f.smallBusinessWarning,
    ...(now && other ? { shown: fillSlots(f.smallBusinessShown, { now, other }) } : {}),
  };
}

/** The form's fields, grouped, with the values of data/site.yaml's `data` (parsed YAML). */
export function legalForm(data: unknown, w: LegalWords, read: (file: DataFileName) => unknown): FieldGroup[] {
  const { registration: r, hosting } = data as RawLegal;
  const f = w.fields;
  return [
    {
      title: w.groups.registration,
      fields: [
        { path: 'registration.tradeOffice', label: f.tradeOffice, hint: f.tradeOfficeHint, kind: 'text', value: r.tradeOffice },
        { path: 'registration.chamber', label: f.chamber, kind: 'text', value: r.chamber },
        factField('registration.rollNumber', f.rollNumber, r.rollNumber, w, { hint: f.rollNumberHint, notApplicable: true }),
        factField('registration.profession', f.profession, r.profession, w, { hint: f.professionHint, notApplicable: true }),
        factField('registration.professionGrantedIn', f.professionGrantedIn, r.professionGrantedIn, w, { notApplicable: true, required: Boolean(r.profession) }),
        factField('registration.supervisoryAuthority', f.supervisoryAuthority, r.supervisoryAuthority, w, { hint: f.supervisoryAuthorityHint, notApplicable: true }),
      ],
    },
    {
      title: w.groups.insurance,
      fields: [factField('registration.insurance.insurer', f.insurer, r.insurance.insurer, w, { notApplicable: true }), factField('registration.insurance.area', f.insuranceArea, r.insurance.area, w, { notApplicable: true })],
    },
    {
      title: w.groups.vat,
      fields: [vatField(r, w, read), { path: 'registration.vatId', label: f.vatId, hint: f.vatIdHint, kind: 'vatId', value: r.vatId }],
    },
    {
      title: w.groups.hosting,
      fields: [factField('hosting.provider', f.hostingProvider, hosting.provider, w), factField('hosting.address', f.hostingAddress, hosting.address, w)],
    },
  ];
}

/** Facts the legal texts name together (data/legal/impressum.md, datenschutz.md): the first entered, the second must be too. */
const PAIRS: readonly [first: string, second: string, label: keyof LegalWords['fields']][] = [
  ['registration.profession', 'registration.professionGrantedIn', 'profession'],
  ['registration.insurance.insurer', 'registration.insurance.area', 'insurer'],
  ['hosting.provider', 'hosting.address', 'hostingProvider'],
];

const factAt = (data: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);

/** A fact entered whose partner is missing: at the partner's field, since the texts would name the one without the other. */
export function legalProblems(data: unknown, w: LegalWords): Map<string, string> {
  const problems = new Map<string, string>();
  for (const [first, second, label] of PAIRS) {
    if (typeof factAt(data, first) === 'string' && typeof factAt(data, second) !== 'string') problems.set(second, fillSlots(w.needs, { label: w.fields[label] }));
  }
  return problems;
}
