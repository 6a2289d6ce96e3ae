// What the console's "Besuche und Klicks" shows: a period of 7, 30 or 90 Berlin days (`?tage=`) of
// server/visits/statistics.ts (the reading `npm run stats` prints too) and server/visits/figures.ts,
// each total beside the period of the same length before it, pages named as visitors see them.
import { berlinDay } from '../../core/berlin-day.ts';
import type { Db } from '../store/database.ts';
import { clicksByWeekdayAndHour, messagesPerDay, periodsOf, periodTotals, viewsOfPaths, type Period, type PeriodTotals } from '../visits/figures.ts';
import type { PageNames } from '../visits/page-names.ts';
import { dailyTotals, topPages, topPlacePages, type DayTotals, type PageTotals } from '../visits/statistics.ts';

/** The periods the owner can choose, in days; the first is shown without a choice. */
export const PERIODS = [30, 7, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];
export const TOP_PAGES = 10;

/** The period a query's `tage` names, or the first of PERIODS. */
export function periodOf(query: unknown): PeriodDays {
  const days = Number(query);
  return PERIODS.find((period) => period === days) ?? PERIODS[0];
}

export interface DayFigures extends DayTotals {
  messages: number;
}

export interface NamedPage extends PageTotals {
  /** The page's title or its place's name; null for an address the build did not make. */
  name: string | null;
  /** Its page views in the period before. */
  before: number;
}

export interface ConsoleStatistics {
  days: DayFigures[];
  current: Period & PeriodTotals;
  previous: Period & PeriodTotals;
  topPages: NamedPage[];
  topPlaces: NamedPage[];
  /** Clicks by weekday (0 Monday) and Berlin hour. */
  hours: number[][];
}

export function consoleStatistics(db: Db, now: Date, days: PeriodDays, names: PageNames): ConsoleStatistics {
  const today = berlinDay(now.getTime());
  const { current, previous } = periodsOf(today, days);
  const messages = messagesPerDay(db, current);
  const named = (rows: PageTotals[]): NamedPage[] => {
    const before = viewsOfPaths(db, previous, rows.map((row) => row.path));
    return rows.map((row) => ({ ...row, name: names.get(row.path) ?? null, before: before.get(row.path) ?? 0 }));
  };
  return {
    days: dailyTotals(db, { today, days }).map((day) => ({ ...day, messages: messages.get(day.day) ?? 0 })),
    current: { ...current, ...periodTotals(db, current) },
    previous: { ...previous, ...periodTotals(db, previous) },
    topPages: named(topPages(db, { since: current.first, limit: TOP_PAGES })),
    topPlaces: named(topPlacePages(db, { since: current.first, limit: TOP_PAGES })),
    hours: clicksByWeekdayAndHour(db, current),
  };
}
