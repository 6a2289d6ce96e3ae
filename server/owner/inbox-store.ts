// The messages as the owner's inbox (docs/owner-console.md, "Messages as an inbox"): a filter of
// search, status and period, the counts per status, a page of 25 or every match (the CSV export),
// and the owner's changes: the status, the note and the mark that a message was opened.
import { daysBefore, nextBerlinMidnight, berlinDay } from '../../core/berlin-day.ts';
import type { Db } from '../store/database.ts';
import { MESSAGE_ID, PAGE_SIZE, type MessageRow } from './messages.ts';

export const MESSAGE_STATUSES = ['new', 'working', 'done', 'spam'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** The status filter: every message but spam, or one status. */
export type StatusFilter = 'all' | MessageStatus;
export type Period = 'all' | 'today' | 'week' | 'month';
export const NOTE_MAX = 2000;

/** The words of the query string, German as the owner sees them in the address. */
export const STATUS_PARAM: Record<StatusFilter, string> = { all: '', new: 'neu', working: 'in-arbeit', done: 'erledigt', spam: 'spam' };
export const PERIOD_PARAM: Record<Period, string> = { all: '', today: 'heute', week: '7-tage', month: '30-tage' };
/** Berlin calendar days a period covers, today included. */
const PERIOD_DAYS: Record<Exclude<Period, 'all'>, number> = { today: 1, week: 7, month: 30 };

/** The key whose query word is `value`; `fallback` for anything else. */
function fromParam<T extends string>(table: Record<T, string>, value: unknown, fallback: T): T {
  return (typeof value === 'string' ? (Object.keys(table) as T[]).find((key) => table[key] === value) : undefined) ?? fallback;
}

export interface InboxFilter {
  query: string;
  status: StatusFilter;
  period: Period;
}


/** The list's query string: search (at most 200 characters), status, period and the id to page back from; anything else is ignored. */
export function inboxQuery(query: Record<string, unknown>): { filter: InboxFilter; before: number | null } {
  const { q, status, zeit, vor } = query;
  return {
    filter: { query: typeof q === 'string' ? q.trim().slice(0, 200) : '', status: fromParam(STATUS_PARAM, status, 'all'), period: fromParam(PERIOD_PARAM, zeit, 'all') },
    before: typeof vor === 'string' && MESSAGE_ID.test(vor) ? Number(vor) : null,
  };
}

/** The filter as query parameters (empty ones left out), for links and forms. */
export function filterParams(filter: InboxFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.query) params.q = filter.query;
  if (filter.status !== 'all') params.status = STATUS_PARAM[filter.status];
  if (filter.period !== 'all') params.zeit = PERIOD_PARAM[filter.period];
  return params;
}

/** The instant a period begins: midnight in Essen of its first day. */
export function periodStart(period: Exclude<Period, 'all'>, now: number): string {
  const dayBefore = daysBefore(berlinDay(now), PERIOD_DAYS[period]);
  return new Date(nextBerlinMidnight(Date.parse(`${dayBefore}T12:00:00Z`))).toISOString();
}

/** `%`, `_` and `\` of a search are meant literally. */
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The WHERE clause of search and period (not the status) with its parameters. */
function searchAndPeriod(filter: InboxFilter, now: number): { where: string; params: Record<string, string | number> } {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (filter.query !== '') {
    parts.push("(name LIKE @q ESCAPE '\\' OR email LIKE @q ESCAPE '\\' OR phone LIKE @q ESCAPE '\\' OR message LIKE @q ESCAPE '\\' OR note LIKE @q ESCAPE '\\')");
    params.q = likePattern(filter.query);
  }
  if (filter.period !== 'all') {
    parts.push('created_at >= @since');
    params.since = periodStart(filter.period, now);
  }
  return { where: parts.length ? parts.join(' AND ') : '1', params };
}

const statusClause = (status: StatusFilter) => (status === 'all' ? "status <> 'spam'" : 'status = @status');

export interface InboxPage {
  rows: MessageRow[];
  /** The id to pass as `before` for the next older page, or null when there is none. */
  older: number | null;
  /** How many messages the filter shows on all pages. */
  total: number;
  /** How many messages of search and period each status filter would show. */
  counts: Record<StatusFilter, number>;
}

export function inboxPage(db: Db, filter: InboxFilter, before: number | null, now: number): InboxPage {
  const { where, params } = searchAndPeriod(filter, now);
  const rows = db
    .prepare(`SELECT * FROM contact_messages WHERE ${where} AND ${statusClause(filter.status)} AND id < @before ORDER BY id DESC LIMIT @limit`)
    .all({ ...params, status: filter.status, before: before ?? Number.MAX_SAFE_INTEGER, limit: PAGE_SIZE + 1 }) as MessageRow[];
  const byStatus = db.prepare(`SELECT status, count(*) AS n FROM contact_messages WHERE ${where} GROUP BY status`).all(params) as { status: MessageStatus; n: number }[];
  const counts: Record<StatusFilter, number> = { all: 0, new: 0, working: 0, done: 0, spam: 0 };
  for (const { status, n } of byStatus) {
    counts[status] = n;
    if (status !== 'spam') counts.all += n;
  }
  const shown = rows.slice(0, PAGE_SIZE);
  return { rows: shown, older: rows.length > PAGE_SIZE ? shown[shown.length - 1]!.id : null, total: counts[filter.status], counts };
}

/** Every message the filter shows, newest first (the CSV export). */
export function allMatching(db: Db, filter: InboxFilter, now: number): MessageRow[] {
  const { where, params } = searchAndPeriod(filter, now);
  return db.prepare(`SELECT * FROM contact_messages WHERE ${where} AND ${statusClause(filter.status)} ORDER BY id DESC`).all({ ...params, status: filter.status }) as MessageRow[];
}

/** The first time the owner opens a message's page; later visits keep that time. */
export function markOpened(db: Db, id: number, now: Date): void {
  db.prepare('UPDATE contact_messages SET opened_at = ? WHERE id = ? AND opened_at IS NULL').run(now.toISOString(), id);
}

/** True when the message was there. */
export function setStatus(db: Db, id: number, status: MessageStatus): boolean {
  return db.prepare('UPDATE contact_messages SET status = ? WHERE id = ?').run(status, id).changes === 1;
}

/** True when the message was there. */
export function setNote(db: Db, id: number, note: string): boolean {
  return db.prepare('UPDATE contact_messages SET note = ? WHERE id = ?').run(note, id).changes === 1;
}
