// Front matter of the long prose pages in data/legal/*.md.
import { z } from 'zod';

export const proseFrontMatterSchema = z.object({
  title: z.string().min(5).max(70),
  description: z.string().min(50).max(170),
  heading: z.string().min(3),
});

export type ProseFrontMatter = z.infer<typeof proseFrontMatterSchema>;
