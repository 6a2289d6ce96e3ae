// The business facts of data/site.yaml: the one source of phone, address, hours and ids.
import { z } from 'zod';

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as "+492011234567"');
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as "08:00"');
// A fact of the Impressum: text, null (missing: `npm run check` lists it) or false (does not apply).
const optionalFact = z.union([z.string().min(2), z.literal(false), z.null()]).default(null);

// null: not set yet (`npm run check` lists it); false: deliberately without that service.
const optionalId = z.union([z.literal(false), z.string().min(1), z.null()]).default(null);

export const phoneSchema = z.strictObject({
  e164,
  display: z.string().min(3),
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
    office: z.array(z.strictObject({ days: z.string().regex(/^(Mo|Di|Mi|Do|Fr|Sa|So)(–(Mo|Di|Mi|Do|Fr|Sa|So))?$/, 'must be days such as "Mo–Fr" or "Sa"'), opens: time, closes: time })).min(1),
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
