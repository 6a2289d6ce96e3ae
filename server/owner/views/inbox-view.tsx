// Nachrichten as the owner's inbox: the list with search, status and period filter (a GET form,
// kept in every link), each message with its status as text, "Ungeöffnet" until its own page was
// opened, and one-tap answers (the message's own page: views/message-page-view.tsx). No script.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { SPAM_RETENTION_DAYS } from '../../../core/retention.ts';
import { filterParams, PERIOD_PARAM, STATUS_PARAM, type InboxFilter, type InboxPage, type Period, type StatusFilter } from '../inbox-store.ts';
import { neverMailed, type MessageRow } from '../messages.ts';
import { replyLinks } from '../reply-links.ts';
import { mailState, MessageText, messagePagePath, messagePath } from './messages-view.tsx';
import { consolePage, Notice, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';

const BASE = SECTION_PATHS.messages;
export const EXPORT_PATH = `${BASE}/tabelle.csv`;
const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'new', 'working', 'done', 'spam'];
const PERIODS: readonly Period[] = ['all', 'today', 'week', 'month'];

export interface InboxNotice {
  kind: 'info' | 'error';
  text: string;
}

const withQuery = (path: string, params: Record<string, string>) => (Object.keys(params).length ? `${path}?${new URLSearchParams(params)}` : path);

function FilterForm({ words, filter, counts }: { words: ConsoleWords; filter: InboxFilter; counts: InboxPage['counts'] }) {
  const w = words.inbox;
  const active = filter.query !== '' || filter.status !== 'all' || filter.period !== 'all';
  return (
    <form className="console-search" method="get" action={BASE} role="search" aria-label={w.filterLegend}>
      <div>
        <label htmlFor="q">{words.messages.searchLabel}</label>
        <input id="q" name="q" type="search" defaultValue={filter.query} maxLength={200} />
      </div>
      <div>
        <label htmlFor="status">{w.statusLabel}</label>
        <select id="status" name="status" defaultValue={STATUS_PARAM[filter.status]}>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={STATUS_PARAM[status]}>
              {fillSlots(w.option, { label: w.statusFilter[status], count: counts[status] })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="zeit">{w.periodLabel}</label>
        <select id="zeit" name="zeit" defaultValue={PERIOD_PARAM[filter.period]}>
          {PERIODS.map((period) => (
            <option key={period} value={PERIOD_PARAM[period]}>
              {w.periods[period]}
            </option>
          ))}
        </select>
      </div>
      <button className="btn btn-primary" type="submit">
        {w.show}
      </button>
      {active && <a href={BASE}>{w.reset}</a>}
    </form>
  );
}

/** The one-tap answers: call, WhatsApp (a German mobile number), a mail quoting the message. */
export function ReplyButtons({ words, row }: { words: ConsoleWords; row: MessageRow }) {
  const links = replyLinks(words.inbox, row);
  const w = words.inbox.links;
  if (!links.tel && !links.mail) return null;
  return (
    <div className="console-actions console-replies" role="group" aria-label={w.label}>
      {links.tel && (
        <a className="btn btn-outline" href={links.tel}>
          {w.call}
        </a>
      )}
      {links.whatsapp && (
        <a className="btn btn-outline" href={links.whatsapp}>
          {w.whatsapp}
        </a>
      )}
      {links.mail && (
        <a className="btn btn-outline" href={links.mail}>
          {w.mail}
        </a>
      )}
    </div>
  );
}

/** The status as text (never colour alone), "Ungeöffnet" until the message's page was opened. */
export function StatusLine({ words, row }: { words: ConsoleWords; row: MessageRow }) {
  const w = words.inbox;
  return (
    <p className="console-status" data-status={row.status}>
      <strong>{fillSlots(w.statusShown, { status: w.statuses[row.status] })}</strong>
      {row.opened_at === null && <span className="console-unread">{w.unread}</span>}
    </p>
  );
}

/** What became of the mail, or why the message is spam. */
export function MailOrSpam({ words, row, now }: { words: ConsoleWords; row: MessageRow; now: number }) {
  const w = words.inbox;
  const resend = words.messages.resend;
  if (row.spam_reason && row.status === 'spam') return <p>{fillSlots(w.spamKept, { reason: w.spamReasons[row.spam_reason], days: SPAM_RETENTION_DAYS, new: w.statuses.new, working: w.statuses.working, resend })}</p>;
  // Refused, then given another status by the owner: kept like any message, mailed once he asks.
  if (row.spam_reason && neverMailed(row)) return <p>{fillSlots(w.spamRescued, { reason: w.spamReasons[row.spam_reason], resend })}</p>;
  return (
    <>
      <p>{mailState(words.messages, row, now)}</p>
      {row.status === 'spam' && <p>{fillSlots(w.spamMarked, { days: SPAM_RETENTION_DAYS })}</p>}
    </>
  );
}

function ListItem({ words, row, now }: { words: ConsoleWords; row: MessageRow; now: number }) {
  return (
    <li className="console-item" id={`nachricht-${row.id}`} data-opened={row.opened_at === null ? 'nein' : 'ja'}>
      <StatusLine words={words} row={row} />
      <MessageText words={words} row={row} linked />
      {row.note && (
        <p className="console-message">
          <strong>{words.inbox.noteShown}</strong> {row.note}
        </p>
      )}
      <MailOrSpam words={words} row={row} now={now} />
      <ReplyButtons words={words} row={row} />
      <div className="console-actions">
        <a className="btn btn-primary" href={messagePagePath(row.id)}>
          {words.inbox.open}
        </a>{' '}
        <PostButton action={messagePath(row.id, 'senden')} label={words.messages.resend} />{' '}
        <a className="btn btn-outline" href={messagePath(row.id, 'loeschen')}>
          {words.messages.delete}
        </a>
      </div>
    </li>
  );
}

/** The sentence above the list: how many the search found (its own words) or the filter shows. */
function countLine(words: ConsoleWords, filter: InboxFilter, total: number): string | null {
  const w = words.messages;
  const { query } = filter;
  if (query) return total === 0 ? fillSlots(w.noneFound, { query }) : total === 1 ? fillSlots(w.foundOne, { query }) : fillSlots(w.found, { count: total, query });
  if (filter.status === 'all' && filter.period === 'all') return total === 0 ? w.none : null;
  return total === 0 ? words.inbox.noneShown : total === 1 ? words.inbox.shownOne : fillSlots(words.inbox.shown, { count: total });
}

export function inboxListPage(words: ConsoleWords, { page, filter, paged, notice, now }: { page: InboxPage; filter: InboxFilter; paged: boolean; notice: InboxNotice | null; now: number }): ConsolePage {
  const params = filterParams(filter);
  const older = page.older === null ? null : withQuery(BASE, { ...params, vor: String(page.older) });
  const line = countLine(words, filter, page.total);
  return consolePage(
    words.messages.title,
    'messages',
    <>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <FilterForm words={words} filter={filter} counts={page.counts} />
      {line && <p>{line}</p>}
      {page.total > 0 && (
        <p>
          <a href={withQuery(EXPORT_PATH, params)} download>
            {words.inbox.export}
          </a>
        </p>
      )}
      {page.rows.length > 0 && (
        <ol className="console-list">
          {page.rows.map((row) => (
            <ListItem key={row.id} words={words} row={row} now={now} />
          ))}
        </ol>
      )}
      {(older || paged) && (
        <p>
          {paged && <a href={withQuery(BASE, params)}>{words.messages.newer}</a>}
          {paged && older && ' · '}
          {older && <a href={older}>{words.messages.older}</a>}
        </p>
      )}
    </>,
  );
}
