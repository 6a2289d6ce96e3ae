// The daily summary mail to the owner (off unless OWNER_SUMMARY_TIME is set, e.g. "07:30" in
// Essen's time): the previous Berlin day's contact messages (time, name, first words), the call
// and WhatsApp clicks the console counts (click_counts), and the reviews of 3 stars or fewer Google
// dates on that day. Sent through the site's one mail path (server/contact/mail.ts).
import cron from 'node-cron';
import type { SendMailOptions } from 'nodemailer';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import { formatGermanDate } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import { ownerAddresses } from '../contact/mail.ts';
import { berlinClock, SECTION_PATHS } from '../owner/views/render.tsx';
import { firstWords, mailOwner } from './alerts.ts';
import { LOW_REVIEW_STARS } from '../../core/reviews.ts';
import { NOT_SPAM } from '../owner/messages.ts';

export type SummaryContext = Pick<ApiContext, 'db' | 'config' | 'log' | 'site'>;

export interface DaySummary {
  /** "YYYY-MM-DD", a Berlin calendar day. */
  day: string;
  messages: { at: string; name: string; message: string }[];
  calls: number;
  whatsapp: number;
  reviews: { rating: number; author: string; text: string | null }[];
}

/** What happened on Berlin day `day`. */
export function daySummary(db: SummaryContext['db'], day: string): DaySummary {
  // Three UTC days around it hold every instant of the Berlin day; berlinDay picks its own.
  const since = `${daysBefore(day, 1)}T00:00:00Z`;
  const onDay = <T extends { at: string }>(rows: T[]): T[] => rows.filter((row) => berlinDay(Date.parse(row.at)) === day);
  const messages = onDay(db.prepare(`SELECT created_at AS at, name, message FROM contact_messages WHERE created_at >= ? AND ${NOT_SPAM} ORDER BY created_at`).all(since) as DaySummary['messages']);
  const clicks = db.prepare("SELECT coalesce(sum(CASE WHEN kind = 'call' THEN clicks END), 0) AS calls, coalesce(sum(CASE WHEN kind = 'whatsapp' THEN clicks END), 0) AS whatsapp FROM click_counts WHERE day = ?").get(day) as { calls: number; whatsapp: number };
  const reviews = onDay(db.prepare('SELECT time_created AS at, rating, author_name AS author, text FROM google_reviews WHERE time_created >= ? AND rating <= ? ORDER BY time_created').all(since, LOW_REVIEW_STARS) as (DaySummary['reviews'][number] & { at: string })[]);
  return { day, messages, calls: clicks.calls, whatsapp: clicks.whatsapp, reviews: reviews.map(({ rating, author, text }) => ({ rating, author, text })) };
}

export function summaryMail(context: SummaryContext, summary: DaySummary): SendMailOptions {
  const words = context.site!.console.push.summary;
  const day = formatGermanDate(summary.day);
  const lines = [
    fillSlots(words.intro, { day }),
    '',
    summary.messages.length === 0 ? words.noMessages : fillSlots(words.messages, { count: summary.messages.length }),
    ...summary.messages.map((message) => `– ${fillSlots(words.message, { time: berlinClock(Date.parse(message.at)), name: message.name, words: firstWords(message.message) })}`),
    '',
    fillSlots(words.clicks, { calls: summary.calls, whatsapp: summary.whatsapp }),
    '',
    fillSlots(summary.reviews.length === 0 ? words.noReviews : words.reviews, { low: LOW_REVIEW_STARS }),
    ...summary.reviews.map((review) => `– ${fillSlots(words.review, { stars: review.rating, author: review.author, words: firstWords(review.text ?? '') })}`),
    '',
    fillSlots(words.console, { url: `${context.site!.url.replace(/\/$/, '')}${SECTION_PATHS.messages}` }),
  ];
  return { ...ownerAddresses(context), subject: fillSlots(words.subject, { day, count: summary.messages.length }), text: `${lines.join('\n')}\n` };
}

/** Mails the summary of the Berlin day before `now`; never throws (a failure is logged). */
export async function sendDailySummary(context: SummaryContext, now: Date = new Date()): Promise<boolean> {
  const day = daysBefore(berlinDay(now.getTime()), 1);
  if (!context.site) {
    context.log(`Daily summary of ${day} could not be mailed: dist/_server/site.json is missing; run "npm run build".`);
    return false;
  }
  return mailOwner(context, () => summaryMail(context, daySummary(context.db, day)), `summary-${day}`, `Daily summary of ${day}`);
}

/** The summary's job at OWNER_SUMMARY_TIME, Essen's time; none when it is unset. */
export function summaryJobs(context: SummaryContext): StopJobs {
  const time = context.config.summaryTime;
  if (time === null) return () => undefined;
  const [hour, minute] = time.split(':').map(Number);
  const task = cron.schedule(`${minute} ${hour} * * *`, () => sendDailySummary(context), { name: 'owner-summary', noOverlap: true, timezone: 'Europe/Berlin' });
  return () => void task.stop();
}
