// The form "Kontakt und Zeiten" of data/site.yaml (/intern/inhalte/kontakt): the business's names and
// the site's address (each a go-live item while it is the example's), the phone and WhatsApp
// numbers, each typed once and stored in both its forms (core/phone-number.ts), the e-mail address,
// the shop's address (its map point stays a technician's matter and is only named), the hours and
// the link to the review page. Beside a value stands what visitors read and the link it makes;
// what is still the shipped example is said beside its field, as `npm run check` lists it
// (build/check.ts).
import { telHref, whatsappHref } from '../../core/format.ts';
import { isExampleHost, isExampleMail, isExampleName, isReviewSearch } from '../../core/go-live.ts';
import { germanPhoneNumber, isExampleNumber } from '../../core/phone-number.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { FieldGroup, FormField } from './form-fields.ts';
import type { DataEdit, EditValue } from './yaml-edit.ts';

type ContactWords = ConsoleWords['contact'];

interface RawNumber {
  e164: string;
  display: string;
}

interface RawContact {
  name: string;
  legalName: string;
  owner: string;
  url: string;
  address: { street: string; postalCode: string; city: string; latitude: number; longitude: number };
  phone: RawNumber;
  whatsapp: RawNumber;
  email: string;
  hours: { emergency: string; office: { id?: string; days: string; opens: string; closes: string }[]; emailReply: string };
  reviews: { pageUrl: string };
}

/** The number typed once sets both forms the file keeps: what visitors read and what a tap dials. */
function bothForms(key: 'phone' | 'whatsapp') {
  return (value: EditValue): DataEdit[] => {
    const number = germanPhoneNumber(String(value));
    if ('problem' in number) throw new Error(`${key}.display: "${String(value)}" was taken as a number but is none`);
    return [
      { path: `${key}.display`, value: number.display },
      { path: `${key}.e164`, value: number.e164 },
    ];
  };
}

function numberField(key: 'phone' | 'whatsapp', number: RawNumber, w: ContactWords): FormField {
  const f = w.fields;
  const link = key === 'phone' ? telHref(number.e164) : whatsappHref(number.e164);
  return {
    path: `${key}.display`,
    label: key === 'phone' ? f.phone : f.whatsapp,
    hint: key === 'phone' ? f.phoneHint : f.whatsappHint,
    kind: key === 'phone' ? 'phone' : 'mobile',
    value: number.display,
    shown: fillSlots(key === 'phone' ? f.phoneShown : f.whatsappShown, { display: number.display, link }),
    ...(isExampleNumber(number.e164) ? { warning: w.warnings.exampleNumber } : {}),
    derive: bothForms(key),
  };
}

/** One row of the office hours, named by its `id` (a row without one is not offered: data/site.yaml gives each an id). */
function officeFields(slot: RawContact['hours']['office'][number], f: ContactWords['fields']): FormField[] {
  if (slot.id === undefined) return [];
  const at = `hours.office.${slot.id}`;
  const shown = fillSlots(f.officeShown, { days: slot.days, opens: slot.opens, closes: slot.closes });
  return [
    { path: `${at}.days`, label: fillSlots(f.officeDays, { days: slot.days }), hint: f.officeDaysHint, kind: 'days', value: slot.days, shown },
    { path: `${at}.opens`, label: fillSlots(f.officeOpens, { days: slot.days }), kind: 'time', value: slot.opens },
    { path: `${at}.closes`, label: fillSlots(f.officeCloses, { days: slot.days }), kind: 'time', value: slot.closes },
  ];
}

/** The form's fields, grouped, with the values of data/site.yaml's `data` (parsed YAML). */
export function contactForm(data: unknown, w: ContactWords): FieldGroup[] {
  const site = data as RawContact;
  const f = w.fields;
  const { address, hours } = site;
  const named = (path: 'name' | 'legalName' | 'owner', hint?: string): FormField => ({ path, label: f[path], ...(hint ? { hint } : {}), kind: 'text', value: site[path], ...(isExampleName(site[path]) ? { warning: w.warnings.exampleName } : {}) });
  return [
    {
      title: w.groups.business,
      fields: [
        named('name', f.nameHint),
        named('legalName', f.legalNameHint),
        named('owner'),
        { path: 'url', label: f.url, hint: f.urlHint, kind: 'url', value: site.url, ...(isExampleHost(new URL(site.url).hostname) ? { warning: w.warnings.exampleUrl } : {}) },
      ],
    },
    {
      title: w.groups.reach,
      fields: [
        numberField('phone', site.phone, w),
        numberField('whatsapp', site.whatsapp, w),
        { path: 'email', label: f.email, kind: 'email', value: site.email, shown: fillSlots(f.emailShown, { email: site.email }), ...(isExampleMail(site.email) ? { warning: w.warnings.exampleMail } : {}) },
      ],
    },
    {
      title: w.groups.address,
      fields: [
        {
          path: 'address.street',
          label: f.street,
          hint: fillSlots(f.streetHint, { latitude: String(address.latitude).replace('.', ','), longitude: String(address.longitude).replace('.', ',') }),
          kind: 'text',
          value: address.street,
          ...(isExampleName(address.street) ? { warning: w.warnings.exampleStreet } : {}),
        },
        { path: 'address.postalCode', label: f.postalCode, kind: 'postcode', value: address.postalCode },
        { path: 'address.city', label: f.city, kind: 'text', value: address.city },
      ],
    },
    {
      title: w.groups.hours,
      fields: [
        { path: 'hours.emergency', label: f.emergency, kind: 'text', value: hours.emergency },
        ...hours.office.flatMap((slot) => officeFields(slot, f)),
        { path: 'hours.emailReply', label: f.emailReply, kind: 'text', value: hours.emailReply },
      ],
    },
    {
      title: w.groups.reviews,
      fields: [
        {
          path: 'reviews.pageUrl',
          label: f.reviewsPage,
          hint: f.reviewsPageHint,
          kind: 'url',
          value: site.reviews.pageUrl,
          ...(isReviewSearch(site.reviews.pageUrl) ? { warning: w.warnings.reviewSearch } : {}),
        },
      ],
    },
  ];
}

/** An office row that closes before it opens: at its closing time (a night office is not meant; the pages say "8–18 Uhr"). */
export function contactProblems(data: unknown, w: ContactWords): Map<string, string> {
  const office = (data as RawContact).hours.office;
  return new Map(office.filter((slot) => slot.id !== undefined && slot.closes <= slot.opens).map((slot) => [`hours.office.${slot.id}.closes`, w.officeOrder]));
}
