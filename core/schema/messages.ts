// The messages the server itself gives a visitor (data/messages.yaml): the API's errors, the
// answers to a malformed address, the page after the contact form was sent without JavaScript.
// The build checks the file with this schema and writes it into dist/_server/messages.json; the
// server checks that file with the same schema before it starts (core/build-server-contract.ts).
import { z } from 'zod';
import { slotText } from './slots.ts';

/** A text without slots: a "{…}" in it is a typo, refused with file and field. */
const text = slotText([]);
const section = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

export const visitorMessagesSchema = section({
  api: section({
    tooManyRequests: slotText(['minutes']),
    malformed: text,
    tooLarge: text,
    notJson: text,
    encoding: text,
    unreadable: text,
    invalid: text,
    methodNotAllowed: text,
    notFound: text,
    internal: text,
    crossSite: section({ title: text, text }),
  }),
  address: section({ malformed: text, readOnly: text }),
  notFound: section({ title: text, text, home: text }),
  contact: section({
    format: text,
    tooLong: text,
    notStored: text,
    overCap: text,
    postOnly: text,
    sent: section({ title: text, text }),
    failedTitle: text,
    back: text,
  }),
  reviews: section({
    unavailable: text,
    streamsBusy: text,
  }),
  visits: section({
    body: text,
    pathMissing: text,
    path: text,
    kind: text,
    pageUrlMissing: text,
    pageUrlTooLong: text,
    pageUrl: text,
    screenMissing: text,
    screen: text,
    timezoneMissing: text,
    timezoneTooLong: text,
    timezone: text,
    sessionId: text,
  }),
});

export type VisitorMessages = z.infer<typeof visitorMessagesSchema>;
