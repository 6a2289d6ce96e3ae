// The one-tap ways to answer a message in the console (docs/owner-console.md, "Messages as an
// inbox"): a call, WhatsApp for a German mobile number, and a mail with a German subject and the
// customer's message quoted ("> " lines).
import type { ConsoleWords } from '../../core/schema/console.ts';
import { formatBerlinTime, telHref, whatsappHref } from '../../core/format.ts';
import { germanPhoneNumber, isMobileNumber } from '../../core/phone-number.ts';
import { fillSlots } from '../../core/slots.ts';
import type { MessageRow } from './messages.ts';

export interface ReplyLinks {
  tel: string | null;
  whatsapp: string | null;
  mail: string | null;
}

/** "> " before every line of the message, as a mail program quotes. */
export const quoted = (message: string): string =>
  message
    .split(/\r?\n|\r/)
    .map((line) => `> ${line}`)
    .join('\n');

/** RFC 6068: every character of a header value percent-encoded but the unreserved ones, line breaks as %0D%0A. */
const mailtoValue = (value: string) => encodeURIComponent(value.replace(/\r?\n/g, '\r\n'));

export function replyLinks(words: ConsoleWords['inbox'], row: MessageRow): ReplyLinks {
  const typed = row.phone.trim();
  const parsed = typed ? germanPhoneNumber(typed) : null;
  const e164 = parsed && 'e164' in parsed ? parsed.e164 : null;
  // A number that is not a German one is dialled as typed (its digits and a leading +).
  const tel = e164 ? telHref(e164) : typed ? `tel:${typed.replace(/[^\d+]/g, '')}` : null;
  const date = formatBerlinTime(row.created_at).split(',')[0]!;
  const subject = fillSlots(words.mailSubject, { date });
  const body = fillSlots(words.mailBody, { name: row.name, date, quote: quoted(row.message) });
  // The address passed the form's check (no spaces, commas or line breaks); "@" stays readable.
  const address = encodeURIComponent(row.email).replace(/%40/g, '@');
  return {
    tel,
    whatsapp: e164 && isMobileNumber(e164) ? whatsappHref(e164) : null,
    mail: row.email ? `mailto:${address}?subject=${mailtoValue(subject)}&body=${mailtoValue(body)}` : null,
  };
}
