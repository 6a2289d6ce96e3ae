import { describe, expect, it } from 'vitest';
import { berlinDay, berlinHour, daysBefore, monthsBefore, nextBerlinMidnight, weekdayOf } from '../../core/berlin-day.ts';

const at = (iso: string) => Date.parse(iso);

describe('berlinDay', () => {
  it.each([
    ['2026-01-15T22:59:59.999Z', '2026-01-15'],
    ['2026-01-15T23:00:00.000Z', '2026-01-16'],
    ['2026-07-15T21:59:59.999Z', '2026-07-15'],
    ['2026-07-15T22:00:00.000Z', '2026-07-16'],
    ['2026-12-31T23:00:00.000Z', '2027-01-01'],
  ])('%s is %s in Essen', (iso, day) => {
    expect(berlinDay(at(iso))).toBe(day);
  });
});

describe('nextBerlinMidnight', () => {
  it.each([
    ['winter', '2026-01-15T12:00:00Z', '2026-01-15T23:00:00.000Z'],
    ['summer', '2026-07-15T00:30:00Z', '2026-07-15T22:00:00.000Z'],
    ['the day the clocks go forward (23 hours)', '2026-03-29T12:00:00Z', '2026-03-29T22:00:00.000Z'],
    ['the day the clocks go back (25 hours)', '2026-10-25T12:00:00Z', '2026-10-25T23:00:00.000Z'],
    ['just after midnight, winter time, on the day the clocks go forward', '2026-03-28T23:30:00Z', '2026-03-29T22:00:00.000Z'],
    ['the evening before', '2026-03-28T22:30:00Z', '2026-03-28T23:00:00.000Z'],
    ['the last instant of a day', '2026-01-15T22:59:59.999Z', '2026-01-15T23:00:00.000Z'],
  ])('%s', (_case, iso, midnight) => {
    expect(new Date(nextBerlinMidnight(at(iso))).toISOString()).toBe(midnight);
  });
});

describe('calendar arithmetic', () => {
  it('counts days across month and year ends', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-03', 6)).toBe('2025-12-28');
    expect(daysBefore('2026-06-15', 0)).toBe('2026-06-15');
  });

  it('goes back whole months, ending on the last day of a shorter month', () => {
    expect(monthsBefore('2026-06-15', 13)).toBe('2025-05-15');
    expect(monthsBefore('2026-03-31', 13)).toBe('2025-02-28');
    expect(monthsBefore('2025-03-31', 13)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-31', 1)).toBe('2025-12-31');
  });
});

describe('berlinHour and weekdayOf', () => {
  it.each([
    ['2026-01-15T22:59:59Z', 23],
    ['2026-01-15T23:00:00Z', 0],
    ['2026-07-15T21:30:00Z', 23],
    ['2026-07-15T01:00:00Z', 3],
    ['2026-03-29T01:30:00Z', 3],
  ])('%s is hour %i in Essen', (iso, hour) => {
    expect(berlinHour(at(iso))).toBe(hour);
  });

  it.each([
    ['2026-11-23', 0],
    ['2026-11-28', 5],
    ['2026-11-29', 6],
    ['2027-01-01', 4],
  ])('%s is weekday %i (Monday 0)', (day, weekday) => {
    expect(weekdayOf(day)).toBe(weekday);
  });
});
