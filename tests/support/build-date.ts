/** The day every test build is dated, so that texts carrying the build's date do not change with the calendar. */
export const BUILD_DATE = new Date('2026-11-22T10:00:00Z');
