// What the console's "Besuche und Klicks" shows: the last 30 Berlin days of server/visits/statistics.ts,
// the reading `npm run stats` prints too.
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import type { Db } from '../store/database.ts';
import { dailyTotals, topPages, topPlacePages, type DayTotals, type PageTotals } from '../visits/statistics.ts';

export const CONSOLE_DAYS = 30;
export const TOP_PAGES = 10;

export function consoleStatistics(db: Db, now: Date): { days: DayTotals[]; topPages: PageTotals[]; topPlaces: PageTotals[] } {
  const today = berlinDay(now.getTime());
  const since = daysBefore(today, CONSOLE_DAYS - 1);
  return {
    days: dailyTotals(db, { today, days: CONSOLE_DAYS }),
    topPages: topPages(db, { since, limit: TOP_PAGES }),
    topPlaces: topPlacePages(db, { since, limit: TOP_PAGES }),
  };
}
