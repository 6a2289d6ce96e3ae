// The texts of /auftrag (data/order-form.yaml), the order form the technician fills in with the
// customer before work starts. Business facts, prices and the withdrawal rules come from their
// own files; this file holds only the form's labels and the sentences the customer signs.
import { z } from 'zod';
import { pageIntro } from './seo.ts';

const text = z.string().min(2);

export const orderFormSchema = z.strictObject({
  /** False until a lawyer has confirmed the reading in the file's header: `npm run check` lists it. */
  lawyerConfirmed: z.boolean(),
  /** The lead is shown on screen only: what the form is for. */
  ...pageIntro,
  contractor: text,
  contractorContact: z.strictObject({ phone: text, email: text }),
  customer: z.strictObject({
    heading: text,
    /** One line to fill in each. */
    fields: z.array(text).min(1),
    /** How the order was given: by phone (§ 312c BGB) or at the door (§ 312b BGB). */
    ordered: z.strictObject({ label: text, options: z.array(text).min(2) }),
    authorisation: z.strictObject({ label: text, options: z.array(text).min(1) }),
  }),
  job: z.strictObject({
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
  /** The price and the arrival time named on the phone, one line each to fill in, and the guarantee measured against the time. */
  phone: z.strictObject({ heading: text, fields: z.array(text).min(2), guarantee: text }),
  /** Each confirmation the customer signs has a signature line of its own (§ 309 Nr. 12 b BGB). */
  terms: z.strictObject({ heading: text, consent: text, signature: text }),
  declaration: z.strictObject({ text, signature: text }),
  signatures: z.strictObject({ heading: text, text, customer: text, technician: text }),
  copy: z.strictObject({ heading: text, text, signature: text }),
});

export type OrderForm = z.infer<typeof orderFormSchema>;
