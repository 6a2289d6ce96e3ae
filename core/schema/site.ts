// The business facts of data/site.yaml: the one source of phone, address, hours and ids.
import { z } from 'zod';

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as "+492011234567"');
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as "08:00"');
// A fact of the Impressum: text, null (missing: `npm run check` lists it) or false (does not apply).
const optionalFact = z.union([z.string().min(2), z.literal(false), z.null()]).default(null);

// null: not set yet (`npm run check` lists it); false: deliberately without that service.
const optionalId = z.union([z.literal(false), z.string().min(1), z.null()]).default(null);

// The country codes of one or two digits (ITU-T E.164); every other one has three.
const SHORT_COUNTRY_CODE = /^\+(1|7|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/** A number split into its country code and the digits after it, "+492011234567" → 49, 2011234567. */
function e164Parts(number: string): { country: string; rest: string } {
  const country = SHORT_COUNTRY_CODE.exec(number)?.[1] ?? number.slice(1, 4);
  return { country, rest: number.slice(1 + country.length) };
}

/** The digits after the country code of a number as written for reading: "0201 123" → 201123, "+49 201 123" → 201123. */
function displayedDigits(display: string, country: string): { country: string; rest: string } {
  const digits = display.replace(/[^\d+]/g, '').replace(/^00/, '+');
  if (digits.startsWith('+')) return e164Parts(digits);
  return { country, rest: digits.replace(/^0/, '') };
}

/**
 * The two forms of one number: `display` is what a visitor reads on every page, `e164` what a tap
 * dials (tel: and WhatsApp links, structured data). Changing only one would show one number and
 * ring another, so both must be the same digits after the country code.
 */
export const phoneSchema = z
  .strictObject({
    e164,
    display: z.string().min(3),
  })
  .superRefine(({ e164: dialled, display }, context) => {
    if (!e164.safeParse(dialled).success) return;
    const number = e164Parts(dialled);
    const shown = displayedDigits(display, number.country);
    if (shown.country === number.country && shown.rest === number.rest) return;
    const fix = shown.rest.length >= 6 ? `if the number changed, write e164: "+${shown.country}${shown.rest}"; otherwise correct display` : 'write the number in display as visitors should read it, such as "0201 123 456 7"';
    context.addIssue({ code: 'custom', path: ['display'], message: `"${display}" is not the number e164 dials, "${dialled}": the pages show display, and a tap on them dials e164; ${fix}` });
  });

export const siteSchema = z.strictObject({
  name: z.string().min(2),
  legalName: z.string().min(2),
  owner: z.string().min(2),
  url: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  foundingYear: z.number().int().min(1900).max(2100),
  address: z.strictObject({
    street: z.string().min(3),
    postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit postcode'),
    city: z.string().min(2),
    region: z.string().min(2),
    country: z.string().length(2),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  phone: phoneSchema,
  whatsapp: phoneSchema,
  email: z.email(),
  hours: z.strictObject({
    emergency: z.string().min(3),
    office: z.array(
      z.strictObject({
        /** The row's name for the owner's console (its data path, server/content/yaml-edit.ts); never shown. */
        id: z.string().regex(/^[a-z0-9-]+$/, 'must be a short name of lowercase letters, digits and hyphens such as "werktags"').optional(),
        days: z.string().regex(/^(Mo|Di|Mi|Do|Fr|Sa|So)(–(Mo|Di|Mi|Do|Fr|Sa|So))?$/, 'must be days such as "Mo–Fr" or "Sa"'),
        opens: time,
        closes: time,
      }),
    ).min(1),
    emailReply: z.string().min(3),
  }),
  registration: z.strictObject({
    tradeOffice: z.string().min(3),
    chamber: z.string().min(3),
    rollNumber: optionalFact,
    profession: optionalFact,
    professionGrantedIn: optionalFact,
    supervisoryAuthority: optionalFact,
    insurance: z.strictObject({ insurer: optionalFact, area: optionalFact }),
    /** § 19 UStG: true shows no VAT ("keine Umsatzsteuer nach § 19 UStG"), false "inkl. … MwSt.". */
    smallBusiness: z.boolean(),
    /** The VAT rate the prices include when `smallBusiness` is false. */
    vatRate: z.number().int().min(1).max(30).default(19),
    vatId: z.string().regex(/^DE\d{9}$/, 'must look like "DE123456789"').nullable().default(null),
  }),
  hosting: z.strictObject({ provider: optionalFact, address: optionalFact }),
  serviceRegions: z.array(z.string().min(2)).min(1),
  analytics: z.strictObject({
    gaMeasurementId: optionalId.refine((id) => !id || /^G-[A-Z0-9]+$/.test(id), 'must look like "G-XXXXXXX"'),
    adsId: optionalId.refine((id) => !id || /^AW-\d+$/.test(id), 'must look like "AW-123456789"'),
    adsCallConversionLabel: optionalId,
    adsContactConversionLabel: optionalId,
  }),
  reviews: z.strictObject({ pageUrl: z.url({ protocol: /^https$/ }) }),
});

export type Site = z.infer<typeof siteSchema>;
