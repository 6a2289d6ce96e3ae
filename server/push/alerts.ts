// The owner's alerts: a push for every new contact message, and a push and a mail for every new
// review of 3 stars or fewer a sync finds. Each runs after what it reports is committed, beside the
// contact mail, and never throws: a failure is logged for the operator (and kept for the System
// page by server/push/send.ts).
import type { SendMailOptions } from 'nodemailer';
import { formatBerlinTime } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { recordMailFailure, recordMailSuccess } from '../contact/delivery.ts';
import { deliverMail, ownerAddresses } from '../contact/mail.ts';
import { answerLink, type PlaceReview } from '../reviews/google.ts';
import { syncReviews, type SyncOptions, type SyncResult } from '../reviews/store.ts';
import { messagePagePath } from '../owner/views/messages-view.tsx';
import { SECTION_PATHS } from '../owner/views/render.tsx';
import { pushToOwner, type PushContext, type PushOutcome } from './send.ts';
import { LOW_REVIEW_STARS } from '../../core/reviews.ts';

/**
 * A review stored for the first time alerts only when Google dates it this recent: the API returns
 * five reviews at most, so an older one can drop out of the answer and come back.
 */
export const REVIEW_ALERT_DAYS = 7;
/** About this many characters of a message's text in its notification. */
const FIRST_WORDS = 100;

/** The first words of a text, whole words up to about `max` characters, with "…" when cut. */
export function firstWords(text: string, max: number = FIRST_WORDS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const end = cut.lastIndexOf(' ');
  return `${(end > max / 2 ? cut.slice(0, end) : flat.slice(0, max)).replace(/[\s,.;:–-]+$/, '')} …`;
}

export type AlertContext = PushContext & Pick<ApiContext, 'config'>;

/** The push for contact message `id`, to every subscribed device; called once the message is committed. */
export async function alertNewMessage(context: AlertContext, id: number): Promise<PushOutcome | null> {
  const words = context.site?.console.push;
  try {
    const row = context.db.prepare('SELECT name, message FROM contact_messages WHERE id = ?').get(id) as { name: string; message: string } | undefined;
    if (!words || !row) return null;
    return await pushToOwner(context, { title: fillSlots(words.notification.message, { name: row.name }), body: firstWords(row.message), url: messagePagePath(id), tag: `nachricht-${id}` });
  } catch (error) {
    context.log(`Push: cannot alert about message ${id} (${(error as Error).message}).`);
    return null;
  }
}

/** The new reviews of a sync that alert the owner: few stars, dated within REVIEW_ALERT_DAYS. */
export function lowReviews(result: SyncResult, now: Date = new Date()): PlaceReview[] {
  const since = now.getTime() - REVIEW_ALERT_DAYS * 24 * 60 * 60_000;
  return (result.newReviews ?? []).filter((review) => review.rating <= LOW_REVIEW_STARS && Date.parse(review.timeCreated) >= since);
}

function reviewMail(context: AlertContext, review: PlaceReview): SendMailOptions {
  const words = context.site!.console.push;
  const slots = { stars: review.rating, author: review.authorName, time: formatBerlinTime(review.timeCreated) };
  const text = [fillSlots(words.reviewMail.intro, slots), '', review.text?.trim() || words.reviewMail.noText, '', fillSlots(words.reviewMail.answer, { url: answerLink(context.config.googlePlaceId, context.site!.reviewsPageUrl).href })].join('\n');
  const subject = fillSlots(words.reviewMail.subject, slots).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return { ...ownerAddresses(context), subject, text };
}

/**
 * Sends a mail to the owner once, now (an alert has no outbox to retry it), and records it in the
 * state of mail delivery (server/contact/delivery.ts) as a contact message's mail is: a failure
 * shows on the System page and, once mail fails for a while, raises the console's mail alarm. Logs
 * `<what> mailed to the owner.` or why not; true when it went out. Never throws.
 */
export async function mailOwner(context: PushContext, mail: () => SendMailOptions, fileStem: string, what: string): Promise<boolean> {
  // A mail still under way when the server shuts down finds the database closed: said, not thrown.
  const record = (write: () => void) => {
    try {
      write();
    } catch (error) {
      context.log(`${what}: the outcome of its mail could not be recorded (${(error as Error).message}).`);
    }
  };
  try {
    const sent = await deliverMail(context, mail(), fileStem);
    record(() => recordMailSuccess(context.db, sent.transport, new Date()));
    context.log(`${what} mailed to the owner.`);
    return true;
  } catch (error) {
    record(() => recordMailFailure(context.db, error, new Date(), context.config.mailAlarmMs, context.log));
    context.log(`${what} could not be mailed: ${(error as Error).message}`);
    return false;
  }
}

/** A push and a mail for each review of `reviews`. */
export async function alertLowReviews(context: AlertContext, reviews: readonly PlaceReview[]): Promise<void> {
  const words = context.site?.console.push;
  if (!words) return;
  for (const review of reviews) {
    const title = fillSlots(words.notification.review, { stars: review.rating, author: review.authorName });
    const pushed = pushToOwner(context, { title, body: firstWords(review.text?.trim() || words.reviewMail.noText), url: SECTION_PATHS.reviews, tag: `bewertung-${review.id}` });
    const mailed = mailOwner(context, () => reviewMail(context, review), `review-${review.timeCreated.replace(/[:.]/g, '-')}`, `Review alert: the ${review.rating}-star review by ${review.authorName}`);
    await Promise.all([pushed, mailed]);
  }
}

/** A review sync (server/reviews/store.ts) followed by the alerts for what it found. */
export async function syncReviewsAndAlert(context: AlertContext, options: SyncOptions): Promise<SyncResult> {
  const result = await syncReviews(context, options);
  const low = lowReviews(result);
  if (low.length > 0) await alertLowReviews(context, low);
  return result;
}
