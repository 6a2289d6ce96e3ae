// The contact form's two variants (docs/api.md, 'POST /api/contact'), shared by the browser islands
// and the server: the same rules and the same German messages on both sides. No Node imports here.
// zod's mini build: the browser loads this schema when a visitor first touches a form, and the
// functional API lets esbuild keep only what is used (8 KB brotli; the classic API costs 25 KB).
import * as z from 'zod/mini';
import { firstMessages } from './field-errors.ts';

export const CONTACT_LIMITS = { name: 100, email: 200, phoneMin: 6, phone: 30, messageMin: 10, message: 4000 } as const;

export const CONTACT_FORMS = ['home', 'kontakt'] as const;
/** Which of the two forms a message comes from: the short one on the home page or the full one on /kontakt. */
export type ContactFormVariant = (typeof CONTACT_FORMS)[number];

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
  // The box acknowledges the privacy policy; the basis is answering the request (Art. 6 Abs. 1
  // lit. b DSGVO), not consent, so the old site's "Bitte stimmen Sie … zu" would misstate it
  // (docs/decisions.md, "The contact form's privacy box").
  privacyHome: 'Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben.',
  privacyKontakt: 'Bitte bestätigen Sie, dass Sie die Datenschutzhinweise gelesen haben.',
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

const name = z.string({ error: M.nameRequired }).check(
  z.trim(),
  z.minLength(1, M.nameRequired),
  z.maxLength(CONTACT_LIMITS.name, M.nameTooLong),
  z.refine((value) => !NAME_CONTROL.test(value), M.nameControl),
);

const message = z.string({ error: M.messageRequired }).check(
  z.trim(),
  z.minLength(1, M.messageRequired),
  z.minLength(CONTACT_LIMITS.messageMin, M.messageTooShort),
  z.maxLength(CONTACT_LIMITS.message, M.messageTooLong),
  z.refine((value) => !MESSAGE_CONTROL.test(value), M.messageControl),
);

const email = z.string({ error: M.emailRequired }).check(
  z.trim(),
  z.minLength(1, M.emailRequired),
  z.maxLength(CONTACT_LIMITS.email, M.emailTooLong),
  z.regex(EMAIL, M.emailInvalid),
);

const optionalEmail = z._default(
  z.string({ error: M.emailInvalid }).check(
    z.trim(),
    z.maxLength(CONTACT_LIMITS.email, M.emailTooLong),
    z.refine((value) => value === '' || EMAIL.test(value), M.emailInvalid),
  ),
  '',
);

const phone = z.string({ error: M.phoneRequired }).check(
  z.trim(),
  z.minLength(1, M.phoneRequired),
  z.regex(PHONE, M.phoneInvalid),
  z.minLength(CONTACT_LIMITS.phoneMin, M.phoneLength),
  z.maxLength(CONTACT_LIMITS.phone, M.phoneLength),
);

const optionalPhone = z._default(
  z.string({ error: M.phoneInvalid }).check(
    z.trim(),
    z.refine((value) => value === '' || PHONE.test(value), M.phoneInvalid),
    z.refine((value) => value === '' || (value.length >= CONTACT_LIMITS.phoneMin && value.length <= CONTACT_LIMITS.phone), M.phoneLength),
  ),
  '',
);

// Bots fill every field; people never see this one.
const website = z._default(z.string({ error: M.honeypot }).check(z.maxLength(0, M.honeypot)), '');

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

/** Validates a submission: the message, or the field messages to show. */
export function parseContact(input: unknown): { ok: true; value: ContactMessage } | { ok: false; fields: Record<string, string> } {
  const result = contactSchema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, fields: firstMessages(result.error, 'form') };
}
