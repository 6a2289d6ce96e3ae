// The address selector of /kontakt (docs/decisions.md, 'Address selector without a maps key'):
// the place where the visitor needs help. Checked in the browser; the result goes into the contact message, which the server checks.
// zod's mini build, as for the contact form: only the browser uses this schema.
import * as z from 'zod/mini';

export const ADDRESS_COUNTRY = 'Deutschland';

export const ADDRESS_MESSAGES = {
  streetRequired: 'Bitte geben Sie Straße und Hausnummer ein.',
  cityRequired: 'Bitte geben Sie den Ort ein.',
  postalCodeRequired: 'Bitte geben Sie die Postleitzahl ein.',
  postalCodeInvalid: 'Bitte geben Sie eine fünfstellige Postleitzahl ein.',
  tooLong: 'Diese Angabe ist zu lang.',
} as const;

const M = ADDRESS_MESSAGES;
const optional = z._default(z.string().check(z.trim(), z.maxLength(100, M.tooLong)), '');

export const addressSchema = z.object({
  street: z.string({ error: M.streetRequired }).check(z.trim(), z.minLength(1, M.streetRequired), z.maxLength(120, M.tooLong)),
  apartment: optional,
  postalCode: z
    .string({ error: M.postalCodeRequired })
    .check(z.trim(), z.minLength(1, M.postalCodeRequired), z.regex(/^\d{5}$/, M.postalCodeInvalid)),
  city: z.string({ error: M.cityRequired }).check(z.trim(), z.minLength(1, M.cityRequired), z.maxLength(100, M.tooLong)),
  state: optional,
  country: z._default(z.literal(ADDRESS_COUNTRY), ADDRESS_COUNTRY),
  lat: z.optional(z.number().check(z.gte(-90), z.lte(90))),
  lng: z.optional(z.number().check(z.gte(-180), z.lte(180))),
});

export type Address = z.output<typeof addressSchema>;

/** One line for the contact message: "Musterstraße 1, 2. OG, 45127 Essen". */
export function addressLine(address: Address): string {
  return [address.street, address.apartment, `${address.postalCode} ${address.city}`, address.state].filter((part) => part !== '').join(', ');
}
