// What the server stores, in the words of the privacy policy (data/privacy.yaml).
import { z } from 'zod';

const text = z.string().min(2);
const retentionKey = z.enum(['contact', 'visits', 'pageCounts', 'reviews', 'syncLog', 'ownerAccount', 'ownerSessions', 'pushKeys', 'pushDevices']);

export const privacySchema = z.strictObject({
  tables: z
    .array(
      z.strictObject({
        table: z.string().regex(/^[a-z_]+$/),
        what: text,
        /** Every column of the table, with what it holds. */
        columns: z.record(z.string().regex(/^[a-z_]+$/), text),
        retention: retentionKey,
        basis: text,
      }),
    )
    .min(1),
  /** "{days}", "{months}" and "{hours}" are filled from core/retention.ts. */
  retention: z.record(retentionKey, text),
});

export type Privacy = z.infer<typeof privacySchema>;
