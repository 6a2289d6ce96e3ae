// The words of the contact form in its two variants and of the address selector
// (data/contact-form.yaml). The islands take their words as props and import only the types.
import { z } from 'zod';
import { linkedText } from './linked-text.ts';

const text = z.string().min(2);
const toast = z.object({ title: text, description: text }).strict();
const variantToasts = z.object({ success: toast, failure: toast }).strict();

const formSchema = z
  .object({
    labels: z.object({ name: text, email: text, phone: text, message: text }).strict(),
    optional: text,
    messagePlaceholder: text,
    honeypot: text,
    privacy: z.object({ label: linkedText(), toastTitle: text }).strict(),
    send: text,
    sending: text,
    required: text,
    closeToast: text,
    toasts: z.object({ home: variantToasts, kontakt: variantToasts }).strict(),
  })
  .strict();

const addressSchema = z
  .object({
    noScript: text,
    formLabel: text,
    labels: z.object({ street: text, apartment: text, postalCode: text, city: text, state: text, country: text }).strict(),
    optional: text,
    submit: text,
    required: text,
    linePrefix: text,
    done: text,
  })
  .strict();

export const contactFormSchema = z.object({ form: formSchema, address: addressSchema }).strict();

export type ContactFormTexts = z.infer<typeof contactFormSchema>;

/** What one variant of the form shows: the shared words and its own toasts. */
export type ContactFormWords = Omit<ContactFormTexts['form'], 'toasts'> & { toasts: z.infer<typeof variantToasts> };

export type AddressSelectorWords = ContactFormTexts['address'];
