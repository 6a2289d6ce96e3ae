// The words of the messages as the owner's inbox (data/console.yaml, `inbox`; server/owner/inbox.tsx):
// status and note of a message, the filters beside the search, the message's own page, the
// one-tap links, the spam kept by the server and the CSV export.
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const inboxConsoleWords = z.strictObject({
  filterLegend: text,
  statusLabel: text,
  periodLabel: text,
  show: text,
  /** An option of the status filter with its count: "Neu (3)". */
  option: wordsWith('label', 'count'),
  statusFilter: z.strictObject({ all: text, new: text, working: text, done: text, spam: text }),
  periods: z.strictObject({ all: text, today: text, week: text, month: text }),
  statuses: z.strictObject({ new: text, working: text, done: text, spam: text }),
  statusShown: wordsWith('status'),
  unread: text,
  open: text,
  shown: wordsWith('count'),
  shownOne: text,
  noneShown: text,
  reset: text,
  export: text,
  back: text,
  messageTitle: wordsWith('name'),
  statusLegend: text,
  statusSave: text,
  statusSaved: text,
  note: text,
  noteHint: text,
  noteSave: text,
  noteSaved: text,
  noteTooLong: wordsWith('max'),
  noteShown: text,
  spamReasons: z.strictObject({ honeypot: text, limit: text }),
  spamKept: wordsWith('reason', 'days', 'new', 'working', 'resend'),
  spamRescued: wordsWith('reason', 'resend'),
  spamMarked: wordsWith('days'),
  links: z.strictObject({ label: text, call: text, whatsapp: text, mail: text }),
  mailSubject: wordsWith('date'),
  mailBody: wordsWith('name', 'date', 'quote'),
  csv: z.strictObject({
    fileName: wordsWith('date'),
    columns: z.strictObject({ id: text, received: text, status: text, name: text, email: text, phone: text, message: text, note: text, form: text, spam: text, mail: text }),
    mail: z.strictObject({ sent: text, pending: text, failed: text, none: text }),
  }),
});
