// A contact message as the console shows it (in the list and on its own page: views/inbox-view.tsx),
// its mail state, and its deletion (after a confirmation page, so it works without JavaScript).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { MessageRow } from '../messages.ts';
import { consolePage, berlinTime, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';

const BASE = SECTION_PATHS.messages;
export const messagePath = (id: number, action: 'senden' | 'loeschen' | 'status' | 'notiz') => `${BASE}/${id}/${action}`;
/** The message's own page; opening it marks the message as opened (server/owner/inbox.tsx). */
export const messagePagePath = (id: number) => `${BASE}/${id}`;

/** Where the message's mail went: sent to whom and when, only filed on the server, or not yet and why. */
export function mailState(words: ConsoleWords['messages'], row: MessageRow, now: number): string {
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

/** The address and number as written; answering them is the reply buttons' (server/owner/views/inbox-view.tsx). */
function Contact({ words, row }: { words: ConsoleWords; row: MessageRow }) {
  const w = words.messages;
  return (
    <dl>
      <dt>{w.email}</dt>
      <dd>{row.email || w.noContact}</dd>
      <dt>{w.phone}</dt>
      <dd>{row.phone || w.noContact}</dd>
    </dl>
  );
}

/** Who wrote what, when, and how to reach them; the name links to the message's own page where `linked`. */
export function MessageText({ words, row, linked = false }: { words: ConsoleWords; row: MessageRow; linked?: boolean }) {
  const w = words.messages;
  return (
    <>
      <h2>{linked ? <a href={messagePagePath(row.id)}>{row.name}</a> : row.name}</h2>
      <p>{fillSlots(w.received, { time: berlinTime(row.created_at), form: w.forms[row.form] })}</p>
      <Contact words={words} row={row} />
      <p className="console-message">{row.message}</p>
    </>
  );
}

export function deletePage(words: ConsoleWords, row: MessageRow, backupWeeks: number): ConsolePage {
  const w = words.messages;
  return consolePage(
    w.deleteTitle,
    'messages',
    <>
      <div className="console-item">
        <MessageText words={words} row={row} />
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
