// The contact form's two variants (spec section 5), shared by the browser islands and the
// server: the same rules and the same German messages on both sides. No Node imports here.
// A namespace import lets esbuild drop what the browser does not use (the `z` object keeps all of
// zod, locales included: 77 KB brotli instead of 25 KB).
import * as z from 'zod';

export const CONTACT_LIMITS = { name: 100, email: 200, phoneMin: 6, phone: 30, messageMin: 10, message: 4000 } as const;

export const CONTACT_FORMS = ['home', 'kontakt'] as const;
export type ContactForm = (typeof CONTACT_FORMS)[number];

export const CONTACT_MESSAGES = {
  nameRequired: 'Bitte geben Sie Ihren Namen ein.',
  nameTooLong: `Der Name darf höchstens ${CONTACT_LIMITS.name} Zeichen lang sein.`,
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  emailTooLong: `Die E-Mail-Adresse darf höchstens ${CONTACT_LIMITS.email} Zeichen lang sein.`,
  phoneRequired: 'Bitte geben Sie Ihre Telefonnummer ein.',
  phoneInvalid: 'Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + / - ( ) sind erlaubt).',
  phoneLength: `Die Telefonnummer muss ${CONTACT_LIMITS.phoneMin} bis ${CONTACT_LIMITS.phone} Zeichen lang sein.`,
  messageRequired: 'Bitte beschreiben Sie kurz Ihr Anliegen.',
  messageTooShort: `Bitte beschreiben Sie Ihr Anliegen in mindestens ${CONTACT_LIMITS.messageMin} Zeichen.`,
  messageTooLong: `Die Nachricht darf höchstens ${CONTACT_LIMITS.message} Zeichen lang sein.`,
  privacyHome: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
  privacyKontakt: 'Bitte stimmen Sie den Datenschutzbestimmungen zu.',
  nameControl: 'Der Name enthält unsichtbare Steuerzeichen. Bitte geben Sie ihn neu ein.',
  messageControl: 'Die Nachricht enthält unsichtbare Steuerzeichen. Bitte geben Sie den Text neu ein.',
  honeypot: 'Dieses Feld muss leer bleiben.',
  form: 'Unbekanntes Formular. Bitte laden Sie die Seite neu.',
} as const;

const M = CONTACT_MESSAGES;
// The same pattern the browser's <input type="email"> applies; it admits no spaces, commas or line breaks.
const EMAIL = z.regexes.html5Email;
const PHONE = /^[0-9 +/()-]+$/;
// Control characters and the bidi overrides that can disguise a text in the operator's mail;
// a message keeps its tabs and line breaks.
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const MESSAGE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const name = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(CONTACT_LIMITS.name, M.nameTooLong)
  .refine((value) => !NAME_CONTROL.test(value), M.nameControl);

const message = z
  .string({ error: M.messageRequired })
  .trim()
  .min(1, M.messageRequired)
  .min(CONTACT_LIMITS.messageMin, M.messageTooShort)
  .max(CONTACT_LIMITS.message, M.messageTooLong)
  .refine((value) => !MESSAGE_CONTROL.test(value), M.messageControl);

const email = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(CONTACT_LIMITS.email, M.emailTooLong)
  .regex(EMAIL, M.emailInvalid);

const optionalEmail = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(CONTACT_LIMITS.email, M.emailTooLong)
  .refine((value) => value === '' || EMAIL.test(value), M.emailInvalid)
  .default('');

const phone = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .regex(PHONE, M.phoneInvalid)
  .min(CONTACT_LIMITS.phoneMin, M.phoneLength)
  .max(CONTACT_LIMITS.phone, M.phoneLength);

const optionalPhone = z
  .string({ error: M.phoneInvalid })
  .trim()
  .refine((value) => value === '' || PHONE.test(value), M.phoneInvalid)
  .refine((value) => value === '' || (value.length >= CONTACT_LIMITS.phoneMin && value.length <= CONTACT_LIMITS.phone), M.phoneLength)
  .default('');

// Bots fill every field; people never see this one.
const website = z.string({ error: M.honeypot }).max(0, M.honeypot).default('');

/** Variant A, the home page's contact section. */
export const homeContactSchema = z.object({
  form: z.literal('home'),
  name,
  email,
  phone: optionalPhone,
  message,
  privacy: z.literal(true, { error: M.privacyHome }),
  website,
});

/** Variant B, /kontakt. */
export const kontaktContactSchema = z.object({
  form: z.literal('kontakt'),
  name,
  email: optionalEmail,
  phone,
  message,
  privacy: z.literal(true, { error: M.privacyKontakt }),
  website,
});

export const contactSchema = z.discriminatedUnion('form', [homeContactSchema, kontaktContactSchema], { error: M.form });

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** The first German message per field (`{ email: '…' }`); form-level issues go under `form`. */
export function contactFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'form';
    fields[field] ??= issue.message;
  }
  return fields;
}

/** Validates a submission: the message, or the field messages to show. */
export function parseContact(input: unknown): { ok: true; value: ContactMessage } | { ok: false; fields: Record<string, string> } {
  const result = contactSchema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, fields: contactFieldErrors(result.error.issues) };
}
