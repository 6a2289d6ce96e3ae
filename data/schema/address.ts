// The address selector of /kontakt (spec sections 3 and 5): the place where the visitor needs
// help. Checked in the browser; the result goes into the contact message, which the server checks.
// A namespace import lets esbuild drop what the browser does not use (the `z` object keeps all of
// zod, locales included: 77 KB brotli instead of 25 KB).
import * as z from 'zod';

export const ADDRESS_COUNTRY = 'Deutschland';

export const ADDRESS_MESSAGES = {
  streetRequired: 'Bitte geben Sie Straße und Hausnummer ein.',
  cityRequired: 'Bitte geben Sie den Ort ein.',
  postalCodeRequired: 'Bitte geben Sie die Postleitzahl ein.',
  postalCodeInvalid: 'Bitte geben Sie eine fünfstellige Postleitzahl ein.',
  tooLong: 'Diese Angabe ist zu lang.',
} as const;

const M = ADDRESS_MESSAGES;
const optional = z.string().trim().max(100, M.tooLong).default('');

export const addressSchema = z.object({
  street: z.string({ error: M.streetRequired }).trim().min(1, M.streetRequired).max(120, M.tooLong),
  apartment: optional,
  postalCode: z.string({ error: M.postalCodeRequired }).trim().min(1, M.postalCodeRequired).regex(/^\d{5}$/, M.postalCodeInvalid),
  city: z.string({ error: M.cityRequired }).trim().min(1, M.cityRequired).max(100, M.tooLong),
  state: optional,
  country: z.literal(ADDRESS_COUNTRY).default(ADDRESS_COUNTRY),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
});

export type Address = z.output<typeof addressSchema>;

/** One line for the contact message: "Musterstraße 1, 2. OG, 45127 Essen". */
export function addressLine(address: Address): string {
  return [address.street, address.apartment, `${address.postalCode} ${address.city}`, address.state].filter((part) => part !== '').join(', ');
}
