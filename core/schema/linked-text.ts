// A data text that may hold links written as in Markdown, "[Datenschutzerklärung](/datenschutz)"
// (core/linked-text.ts): each must lead to a page of the site, and a bracket that is not
// a whole link is refused, so a typo names file and field instead of showing "[" on the page.
import { z } from 'zod';
import { linkParts } from '../linked-text.ts';

export function linkedText(base: z.ZodString = z.string().min(2)) {
  return base.superRefine((value, context) => {
    for (const part of linkParts(value)) {
      if (typeof part === 'string') {
        if (/[[\]]/.test(part)) context.addIssue({ code: 'custom', message: `has a "[" or "]" that is not part of a link written as [words](/path): "${part.trim()}"` });
      } else if (!/^\/[a-z0-9\-/#]*$/.test(part.href)) {
        context.addIssue({ code: 'custom', message: `links "${part.text}" to "${part.href}", which is not a path of the site such as "/datenschutz"` });
      }
    }
  });
}
