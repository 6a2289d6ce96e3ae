// How long ago a review was written, in the old site's words: "heute", "gestern",
// "vor N Tagen" (under 7), Wochen (under 30), Monaten (under 365), Jahren.

// Days are counted as calendar days in Essen, not as 24-hour spans: a review from 23:30 read at
// 00:10 is from "gestern", whatever the visitor's or the server's time zone.
import { berlinDay } from './berlin-day.ts';

const DAY_MS = 86_400_000;

/** The calendar day of `date` in Europe/Berlin, as a day number (days since 1970-01-01). */
function berlinDayNumber(date: Date): number {
  return Math.round(Date.parse(berlinDay(date.getTime())) / DAY_MS);
}

/** Calendar days in Europe/Berlin from `iso` to `now` (0 when `iso` lies in the future). */
export function calendarDaysBetween(iso: string, now: Date): number {
  return Math.max(0, berlinDayNumber(now) - berlinDayNumber(new Date(iso)));
}

function ago(count: number, one: string, many: string): string {
  return `vor ${count} ${count === 1 ? one : many}`;
}

/** "heute", "gestern", "vor 3 Tagen", "vor 1 Woche", "vor 2 Monaten", "vor 1 Jahr"; '' for an invalid time. */
export function relativeDate(iso: string, now: Date): string {
  if (Number.isNaN(Date.parse(iso)) || Number.isNaN(now.getTime())) return '';
  const days = calendarDaysBetween(iso, now);
  if (days === 0) return 'heute';
  if (days === 1) return 'gestern';
  if (days < 7) return ago(days, 'Tag', 'Tagen');
  if (days < 30) return ago(Math.floor(days / 7), 'Woche', 'Wochen');
  if (days < 365) return ago(Math.floor(days / 30), 'Monat', 'Monaten');
  return ago(Math.floor(days / 365), 'Jahr', 'Jahren');
}
