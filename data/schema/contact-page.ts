// The texts of /kontakt (data/contact-page.yaml); the phone number, WhatsApp, e-mail, address and
// hours come from data/site.yaml and nowhere else.
import { z } from 'zod';
import { pageIntro } from './seo.ts';

const text = z.string().min(2);

export const contactPageSchema = z.object({
  ...pageIntro,
  cards: z.object({ phone: text, whatsapp: text, email: text, address: text }),
  form: z.object({ heading: text, lead: text }),
  info: z.object({ heading: text, emergency: text }),
  map: z.object({ heading: text, lead: text }),
  address: z.object({ heading: text, lead: text }),
});

export type ContactPage = z.infer<typeof contactPageSchema>;
