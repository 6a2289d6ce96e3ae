// The words of the contact form in its two variants and of the address selector
// (data/contact-form.yaml). The islands take their words as props and import only the types.
import { z } from 'zod';
import { linkedText } from './linked-text.ts';

const text = z.string().min(2);
const toast = z.strictObject({ title: text, description: text });
const variantToasts = z.strictObject({ success: toast, failure: toast });

const formSchema = z
  .strictObject({
    labels: z.strictObject({ name: text, email: text, phone: text, message: text }),
    optional: text,
    messagePlaceholder: text,
    honeypot: text,
    privacy: z.strictObject({ label: linkedText(), toastTitle: text }),
    send: text,
    sending: text,
    required: text,
    closeToast: text,
    toasts: z.strictObject({ home: variantToasts, kontakt: variantToasts }),
  });

const addressSchema = z
  .strictObject({
    noScript: text,
    formLabel: text,
    labels: z.strictObject({ street: text, apartment: text, postalCode: text, city: text, state: text, country: text }),
    optional: text,
    submit: text,
    required: text,
    linePrefix: text,
    done: text,
  });

export const contactFormSchema = z.strictObject({ form: formSchema, address: addressSchema });

export type ContactFormTexts = z.infer<typeof contactFormSchema>;

/** What one variant of the form shows: the shared words and its own toasts. */
export type ContactFormWords = Omit<ContactFormTexts['form'], 'toasts'> & { toasts: z.infer<typeof variantToasts> };

export type AddressSelectorWords = ContactFormTexts['address'];
