// Every promise of the site with a number or a guarantee (data/claims.yaml), once, with the
// condition under which it holds and whether the owner has confirmed it.
import { z } from 'zod';

const text = z.string().min(10);

/** What every promise carries. `text` is how pages state it, `condition` when it holds. */
const promise = {
  text,
  condition: text,
  /** What the promise rests on, for the owner (records, policy, contract); never shown. */
  basis: z.string().min(3).optional(),
  /** False until the owner has checked it for the business: `npm run check` lists it. */
  confirmed: z.boolean(),
};

const claim = z.strictObject(promise);

export const claimsSchema = z.strictObject({
  damageFree: z.strictObject({ ...promise, percent: z.number().int().min(1).max(100) }),
  orders: z.strictObject({ ...promise, count: z.number().int().positive() }),
  founded: claim,
  arrival: z.strictObject({
    ...promise,
    /** Towns whose usual arrival time ends at or below this form the core area of the claim. */
    coreMaxMinutes: z.number().int().positive(),
  }),
  available: claim,
  fixedPrice: claim,
  writtenPrice: claim,
  inclusive: claim,
  noRushSurcharge: claim,
  moneyBack: z.strictObject({
    ...promise,
    refundWithinHours: z.number().int().positive(),
    lateArrivalMinutes: z.number().int().positive(),
    /** Objective cases that are no guarantee case: each is announced before the work. */
    exceptions: z.array(text).min(1),
  }),
  payment: claim,
  warranty: z.strictObject({ ...promise, years: z.number().int().positive() }),
  registered: claim,
  insured: claim,
  ownTechnicians: claim,
  trainings: claim,
});

export type Claims = z.infer<typeof claimsSchema>;
export type ClaimId = keyof Claims;
