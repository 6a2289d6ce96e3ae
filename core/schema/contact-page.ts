// The texts of /kontakt (data/contact-page.yaml); the phone number, WhatsApp, e-mail, address and
// hours come from data/site.yaml and nowhere else.
import { z } from 'zod';
import { pageIntro } from './seo.ts';
import { slotText } from './slots.ts';

const text = z.string().min(2);
const card = z.strictObject({ title: text, text });

export const contactPageSchema = z.strictObject({
  ...pageIntro,
  cards: z.strictObject({ label: text, phone: card, whatsapp: card, email: card, address: card.extend({ route: text }) }),
  form: z.strictObject({ heading: text, lead: text }),
  info: z.strictObject({
    heading: text,
    phone: text,
    whatsapp: text,
    email: text,
    hours: text,
    emergency: text,
    office: z.strictObject({ caption: text, days: slotText(['days']), time: slotText(['opens', 'closes']), surcharge: text }),
  }),
  map: z.strictObject({ heading: text, lead: text, link: text, title: text }),
  address: z.strictObject({ heading: text, lead: text }),
});

export type ContactPage = z.infer<typeof contactPageSchema>;
