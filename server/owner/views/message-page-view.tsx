// A message's own page in the owner's inbox (/intern/nachrichten/ID): the message with its status,
// one-tap answers, the status and note forms (POST, no script), send again and delete.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { MESSAGE_STATUSES, NOTE_MAX, STATUS_PARAM } from '../inbox-store.ts';
import type { MessageRow } from '../messages.ts';
import { MailOrSpam, ReplyButtons, StatusLine, type InboxNotice } from './inbox-view.tsx';
import { MessageText, messagePath } from './messages-view.tsx';
import { consolePage, Notice, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';

function StatusForm({ words, row }: { words: ConsoleWords; row: MessageRow }) {
  const w = words.inbox;
  return (
    <form className="console-form" method="post" action={messagePath(row.id, 'status')}>
      <fieldset>
        <legend>{w.statusLegend}</legend>
        <div className="console-field">
          {MESSAGE_STATUSES.map((status) => (
            <label key={status} className="console-check">
              <input type="radio" name="status" value={STATUS_PARAM[status]} defaultChecked={row.status === status} /> {w.statuses[status]}
            </label>
          ))}
        </div>
        <button className="btn btn-primary" type="submit">
          {w.statusSave}
        </button>
      </fieldset>
    </form>
  );
}

function NoteForm({ words, row, draft, problem }: { words: ConsoleWords; row: MessageRow; draft: string | null; problem: string | null }) {
  const w = words.inbox;
  return (
    <form className="console-form" method="post" action={messagePath(row.id, 'notiz')}>
      <div className="console-field" data-problem={problem ? 'ja' : undefined}>
        <label htmlFor="notiz">{w.note}</label>
        <p className="console-note" id="notiz-hinweis">
          {w.noteHint}
        </p>
        {problem && <p className="console-field-problem">{problem}</p>}
        <textarea id="notiz" name="notiz" rows={4} maxLength={NOTE_MAX} aria-describedby="notiz-hinweis" defaultValue={draft ?? row.note} />
      </div>
      <button className="btn btn-primary" type="submit">
        {w.noteSave}
      </button>
    </form>
  );
}

export interface MessagePageState {
  notice: InboxNotice | null;
  /** A note that was refused, shown again with its problem. */
  draft?: string;
  problem?: string;
}

export function messagePage(words: ConsoleWords, row: MessageRow, { notice, draft, problem }: MessagePageState, now: number): ConsolePage {
  return consolePage(
    fillSlots(words.inbox.messageTitle, { name: row.name }),
    'messages',
    <>
      <p>
        <a href={`${SECTION_PATHS.messages}#nachricht-${row.id}`}>{words.inbox.back}</a>
      </p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="console-item">
        <StatusLine words={words} row={row} />
        <MessageText words={words} row={row} />
        <MailOrSpam words={words} row={row} now={now} />
        <ReplyButtons words={words} row={row} />
      </div>
      <StatusForm words={words} row={row} />
      <NoteForm words={words} row={row} draft={draft ?? null} problem={problem ?? null} />
      <div className="console-actions">
        <PostButton action={messagePath(row.id, 'senden')} label={words.messages.resend} />{' '}
        <a className="btn btn-outline" href={messagePath(row.id, 'loeschen')}>
          {words.messages.delete}
        </a>
      </div>
    </>,
  );
}
