// Nachrichten: every contact message with its mail state, newest first, with search, "send again"
// and deletion (after a confirmation page, so it works without JavaScript).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { MessageList, MessageRow } from '../messages.ts';
import { consolePage, berlinTime, Notice, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';

const BASE = SECTION_PATHS.messages;
export const messagePath = (id: number, action: 'senden' | 'loeschen') => `${BASE}/${id}/${action}`;

/** Where the message's mail went: sent to whom and when, only filed on the server, or not yet and why. */
function mailState(words: ConsoleWords['messages'], row: MessageRow, now: number): string {
  if (row.mail_status === 'sent') {
    const time = berlinTime(row.mail_sent_at ?? row.created_at);
    if (row.mail_transport === 'file') return fillSlots(words.mailFiled, { time });
    if (row.mail_transport === 'smtp' && row.mail_sent_to) return fillSlots(words.mailSentTo, { to: row.mail_sent_to, time });
    return fillSlots(words.mailSent, { time });
  }
  if (row.mail_status === 'failed') return fillSlots(words.mailFailed, { attempts: row.mail_attempts });
  const next = row.mail_next_attempt_at;
  const pending =
    next === null || Date.parse(next) <= now ? fillSlots(words.mailPendingNow, { attempts: row.mail_attempts }) : fillSlots(words.mailPending, { attempts: row.mail_attempts, time: berlinTime(next) });
  // The mail server's own (English) words are the operator's log's (server/contact/outbox.ts).
  return row.mail_last_error ? `${pending} ${words.mailRetrying}` : pending;
}

function Contact({ words, row }: { words: ConsoleWords['messages']; row: MessageRow }) {
  return (
    <dl>
      <dt>{words.email}</dt>
      <dd>{row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : words.noContact}</dd>
      <dt>{words.phone}</dt>
      <dd>{row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a> : words.noContact}</dd>
    </dl>
  );
}

/** Who wrote what, when, and how to reach them. */
function MessageText({ words, row }: { words: ConsoleWords['messages']; row: MessageRow }) {
  return (
    <>
      <h2>{row.name}</h2>
      <p>{fillSlots(words.received, { time: berlinTime(row.created_at), form: words.forms[row.form] })}</p>
      <Contact words={words} row={row} />
      <p className="console-message">{row.message}</p>
    </>
  );
}

function Message({ words, row, now }: { words: ConsoleWords['messages']; row: MessageRow; now: number }) {
  return (
    <li className="console-item" id={`nachricht-${row.id}`}>
      <MessageText words={words} row={row} />
      <p>{mailState(words, row, now)}</p>
      <div className="console-actions">
        <PostButton action={messagePath(row.id, 'senden')} label={words.resend} />{' '}
        <a className="btn btn-outline" href={messagePath(row.id, 'loeschen')}>
          {words.delete}
        </a>
      </div>
    </li>
  );
}

export interface MessagesNotice {
  kind: 'info' | 'error';
  text: string;
}

export function messagesPage(words: ConsoleWords, { list, query, paged, notice, now }: { list: MessageList; query: string; paged: boolean; notice: MessagesNotice | null; now: number }): ConsolePage {
  const w = words.messages;
  const search: Record<string, string> = query ? { q: query } : {};
  const older = list.older === null ? null : `${BASE}?${new URLSearchParams({ ...search, vor: String(list.older) })}`;
  // A page further back offers the way to the newest messages again.
  const newest = query ? `${BASE}?${new URLSearchParams(search)}` : BASE;
  return consolePage(
    w.title,
    'messages',
    <>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <form className="console-search" method="get" action={BASE} role="search">
        <div>
          <label htmlFor="q">{w.searchLabel}</label>
          <br />
          <input id="q" name="q" type="search" defaultValue={query} maxLength={200} />
        </div>{' '}
        <button className="btn btn-primary" type="submit">
          {w.search}
        </button>
        {query && (
          <>
            {' '}
            <a href={BASE}>{w.showAll}</a>
          </>
        )}
      </form>
      {query && list.total > 0 && <p>{list.total === 1 ? fillSlots(w.foundOne, { query }) : fillSlots(w.found, { count: list.total, query })}</p>}
      {list.rows.length === 0 ? (
        <p>{query ? fillSlots(w.noneFound, { query }) : w.none}</p>
      ) : (
        <ol className="console-list">
          {list.rows.map((row) => (
            <Message key={row.id} words={w} row={row} now={now} />
          ))}
        </ol>
      )}
      {(older || paged) && (
        <p>
          {paged && <a href={newest}>{w.newer}</a>}
          {paged && older && ' · '}
          {older && <a href={older}>{w.older}</a>}
        </p>
      )}
    </>,
  );
}

export function deletePage(words: ConsoleWords, row: MessageRow, backupWeeks: number): ConsolePage {
  const w = words.messages;
  return consolePage(
    w.deleteTitle,
    'messages',
    <>
      <div className="console-item">
        <MessageText words={w} row={row} />
      </div>
      <p>{fillSlots(w.deleteText, { weeks: backupWeeks })}</p>
      <div className="console-actions">
        <PostButton action={messagePath(row.id, 'loeschen')} label={w.deleteConfirm} primary />{' '}
        <a className="btn btn-outline" href={`${BASE}#nachricht-${row.id}`}>
          {w.cancel}
        </a>
      </div>
    </>,
  );
}
