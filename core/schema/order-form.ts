// The texts of /auftrag (data/order-form.yaml), the order form the technician fills in with the
// customer before work starts. Business facts, prices and the withdrawal rules come from their
// own files; this file holds only the form's labels and the sentences the customer signs.
import { z } from 'zod';
import { pageIntro } from './seo.ts';

const text = z.string().min(2);

export const orderFormSchema = z.object({
  /** The lead is shown on screen only: what the form is for. */
  ...pageIntro,
  contractor: text,
  contractorContact: z.object({ phone: text, email: text }).strict(),
  customer: z.object({
    heading: text,
    /** One line to fill in each. */
    fields: z.array(text).min(1),
    /** How the order was given: by phone (§ 312c BGB) or at the door (§ 312b BGB). */
    ordered: z.object({ label: text, options: z.array(text).min(2) }),
    authorisation: z.object({ label: text, options: z.array(text).min(1) }),
  }),
  job: z.object({
    heading: text,
    /** Heads the column of boxes to tick (read by screen readers only). */
    choice: text,
    services: text,
    price: text,
    parts: text,
    quantity: text,
    /** Heads the table of what can be added to a fixed price (data/prices.yaml, `extras`). */
    extras: text,
    surcharge: text,
    other: text,
    total: text,
  }),
  terms: z.object({ heading: text, consent: text }),
  declaration: z.object({ tick: text, signature: text }),
  signatures: z.object({ heading: text, text, customer: text, technician: text, copy: text }),
});

export type OrderForm = z.infer<typeof orderFormSchema>;
