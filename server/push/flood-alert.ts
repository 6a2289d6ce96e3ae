// The owner's one alert about a flood of contact messages (server/contact/cap.ts): a mail through
// the site's one mail path (server/contact/mail.ts) and a push to every subscribed device, in the
// words of data/console.yaml (push.flood). Never throws: a failure is logged for the operator.
import { formatBerlinTime } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import { ownerAddresses } from '../contact/mail.ts';
import { mailOwner, type AlertContext } from './alerts.ts';
import { pushToOwner } from './send.ts';
import { REFUSED_PER_HOUR } from '../contact/refused.ts';
import { SECTION_PATHS } from '../owner/views/render.tsx';
import { STATUS_PARAM } from '../owner/inbox-store.ts';

/** The inbox filtered to spam, where the refused messages are. */
export const SPAM_FILTER_PATH = `${SECTION_PATHS.messages}?status=${STATUS_PARAM.spam}`;

/** Mails and pushes the alert that more than `cap` messages came within an hour, since `since`. */
export async function alertFlood(context: AlertContext, cap: number, since: Date): Promise<void> {
  const words = context.site?.console.push.flood;
  if (!context.site || !words) {
    context.log('Contact cap: no dist/_server/site.json, so the owner cannot be alerted about the flood; run "npm run build".');
    return;
  }
  const url = `${context.site.url.replace(/\/$/, '')}${SPAM_FILTER_PATH}`;
  const slots = { count: cap, time: formatBerlinTime(since.toISOString()) };
  const text = [fillSlots(words.intro, slots), '', fillSlots(words.refused, slots), '', fillSlots(words.check, { url, kept: REFUSED_PER_HOUR })].join('\n');
  const mailed = mailOwner(context, () => ({ ...ownerAddresses(context), subject: fillSlots(words.subject, slots), text }), `flood-${since.toISOString().replace(/[:.]/g, '-')}`, 'Contact cap: the alert about the flood');
  // Never throws; logs a failure itself (server/push/send.ts).
  const pushed = pushToOwner(context, { title: fillSlots(words.notification, slots), body: words.notificationText, url: SPAM_FILTER_PATH, tag: 'flut' });
  await Promise.all([mailed, pushed]);
}
