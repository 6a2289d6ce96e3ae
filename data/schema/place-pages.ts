// The heads of /einsatzgebiet and the place pages (data/place-pages.yaml), with the slots each may use.
import { z } from 'zod';
import { seoTitle } from './seo.ts';
import { slotText } from './slots.ts';

export const AREA_SLOTS = ['towns', 'city', 'districts'] as const;
export const PLACE_SLOTS = ['where', 'at', 'arrival', 'door'] as const;
export const FALLBACK_SLOTS = ['name', 'at', 'door'] as const;

const head = <S extends string>(slots: readonly S[]) => z.object({ title: slotText(slots, z.string().min(10)), description: slotText(slots, z.string().min(50)) }).strict();

export const placePagesSchema = z
  .object({
    area: z.object({ title: seoTitle, description: slotText(AREA_SLOTS, z.string().min(50)) }).strict(),
    place: head(PLACE_SLOTS),
    fallback: head(FALLBACK_SLOTS),
  })
  .strict();

export type PlacePages = z.infer<typeof placePagesSchema>;
