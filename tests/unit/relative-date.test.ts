import { describe, expect, it } from 'vitest';
import { relativeDate } from '../../core/relative-date.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const DAY_MS = 86_400_000;
/** The same time of day, `days` earlier: at 10:00 UTC always the same Berlin calendar day offset. */
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

describe('relativeDate', () => {
  it('says "heute" and "gestern" for the last two calendar days', () => {
    expect(relativeDate(daysBefore(0), NOW)).toBe('heute');
    expect(relativeDate('2026-11-22T09:59:59.999Z', NOW)).toBe('heute');
    expect(relativeDate(daysBefore(1), NOW)).toBe('gestern');
  });

  it('counts days below 7, weeks below 30, months below 365, then years', () => {
    const cases: [number, string][] = [
      [2, 'vor 2 Tagen'],
      [6, 'vor 6 Tagen'],
      [7, 'vor 1 Woche'],
      [13, 'vor 1 Woche'],
      [14, 'vor 2 Wochen'],
      [29, 'vor 4 Wochen'],
      [30, 'vor 1 Monat'],
      [59, 'vor 1 Monat'],
      [60, 'vor 2 Monaten'],
      [364, 'vor 12 Monaten'],
      [365, 'vor 1 Jahr'],
      [729, 'vor 1 Jahr'],
      [730, 'vor 2 Jahren'],
      [3650, 'vor 10 Jahren'],
    ];
    for (const [days, text] of cases) expect(relativeDate(daysBefore(days), NOW), `${days} days`).toBe(text);
  });

  it('counts calendar days in Berlin, not 24-hour spans or UTC days', () => {
    // 23:30 and 00:10 Berlin time: 40 minutes apart, but yesterday.
    expect(relativeDate('2026-11-22T22:30:00Z', new Date('2026-11-22T23:10:00Z'))).toBe('gestern');
    // 00:30 Berlin time is already today, although it is still yesterday in UTC.
    expect(relativeDate('2026-11-21T23:30:00Z', NOW)).toBe('heute');
    // Exactly 24 hours across the switch to summer time (29 March 2026) are two calendar days.
    expect(relativeDate('2026-03-28T22:30:00Z', new Date('2026-03-29T22:30:00Z'))).toBe('vor 2 Tagen');
    // 25 hours across the switch back (25 October 2026) are one.
    expect(relativeDate('2026-10-24T22:30:00Z', new Date('2026-10-25T23:30:00Z'))).toBe('gestern');
  });

  it('treats a time in the future as today and an invalid one as unknown', () => {
    expect(relativeDate('2026-11-25T10:00:00Z', NOW)).toBe('heute');
    expect(relativeDate('gestern', NOW)).toBe('');
    expect(relativeDate(daysBefore(3), new Date(Number.NaN))).toBe('');
  });
});
