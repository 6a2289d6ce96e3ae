// Calendar days in Essen ("YYYY-MM-DD", Europe/Berlin), whatever the server's time zone: the
// page counts and `npm run stats` group by them, relative review dates count them, and a view
// at 00:30 belongs to the new day.
const BERLIN_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;

/** The Berlin calendar day of the instant `ms` as "YYYY-MM-DD". */
export function berlinDay(ms: number): string {
  const parts: Record<string, string> = {};
  for (const part of BERLIN_DATE.formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function ymd(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year!, month!, date!];
}

function format(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** The instant the Berlin day after the one of `ms` begins. */
export function nextBerlinMidnight(ms: number): number {
  const [year, month, date] = ymd(berlinDay(ms));
  // Berlin is UTC+1 or UTC+2, and Germany changes its clocks at 02:00 or 03:00, never at
  // midnight: the day begins at 22:00 or 23:00 UTC of the date before.
  const summer = Date.UTC(year, month - 1, date + 1) - 2 * HOUR_MS;
  return berlinDay(summer) !== berlinDay(ms) ? summer : summer + HOUR_MS;
}

/** The calendar day `days` days before `day` (both "YYYY-MM-DD"). */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = ymd(day);
  return format(Date.UTC(year, month - 1, date - days));
}

/** The same date `months` months before `day`, or the last day of that month when it is shorter. */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = ymd(day);
  const lastOfMonth = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return format(Date.UTC(year, month - 1 - months, Math.min(date, lastOfMonth)));
}

const BERLIN_HOUR = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' });

/** The hour (0–23) of the Berlin clock at the instant `ms`. */
export function berlinHour(ms: number): number {
  return Number(BERLIN_HOUR.formatToParts(ms).find((part) => part.type === 'hour')!.value);
}

/** The weekday of a calendar day "YYYY-MM-DD": 0 Monday … 6 Sunday. */
export function weekdayOf(day: string): number {
  const [year, month, date] = ymd(day);
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
}
