// What we say on the phone before we drive (data/phone-script.yaml): price, arrival, the right of
// withdrawal and where the AGB are. The order form /auftrag prints it; the owner's console shows it.
import { z } from 'zod';

const text = z.string().min(2);

export const phoneScriptSchema = z.strictObject({
  /** False until a lawyer has confirmed the reading in the file's header: `npm run check` lists it. */
  lawyerConfirmed: z.boolean(),
  heading: text,
  intro: text,
  /** In the order they are said; `say` may hold [blanks] the call fills in. */
  steps: z.array(z.strictObject({ topic: text, say: text })).min(4),
});

export type PhoneScript = z.infer<typeof phoneScriptSchema>;
