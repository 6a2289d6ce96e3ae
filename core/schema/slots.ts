// A data text with {slots} the page fills per place (core/slots.ts): the schema names the
// slots a field may use and refuses any other, so a typo names file and field when the data loads.
import { z } from 'zod';
import { slotsIn } from '../slots.ts';

/** A text with the slots it may use, named one by one (`wordsWith()` for a text without any). */
export function wordsWith<S extends string>(...slots: S[]) {
  return slotText(slots);
}

export function slotText<S extends string>(allowed: readonly S[], base: z.ZodString = z.string().min(2)) {
  return base.superRefine((value, context) => {
    for (const slot of slotsIn(value)) {
      if (!(allowed as readonly string[]).includes(slot)) {
        context.addIssue({ code: 'custom', message: `uses {${slot}}, which this text cannot fill; it may use ${allowed.map((name) => `{${name}}`).join(', ') || 'no slots'}` });
      }
    }
  });
}
