// The history of publishes (docs/owner-console.md, "Preview, publish, undo"): each publish with its
// changes and its undo button, 30 a page with links to older ones (`?vor=<commit>`), and the
// question before an undo. Plain links and forms: they work without JavaScript.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { FileChange } from '../../content/describe.ts';
import type { Publish } from '../../content/history.ts';
import { Changes, COMMIT_FIELD, HISTORY_PATH, UNDO_PATH, type Notices } from './publish-view.tsx';
import { berlinTime, consolePage, Notice, PostButton, type ConsolePage } from './render.tsx';

export interface HistoryEntry {
  publish: Publish;
  changes: readonly FileChange[];
  /** A later undo reverted it: no second undo is offered. */
  undone: boolean;
}

export interface HistoryState extends Notices {
  publishes: readonly HistoryEntry[] | null;
  /** The last commit shown when older publishes follow on the next page (`?vor=`), else null. */
  older: string | null;
  /** A later page: its way back to the newest. */
  paged: boolean;
}

/** The query field of the history's later pages: the publishes older than this commit. */
export const OLDER_FIELD = 'vor';

/** The links between the history's pages, plain links that wrap on a narrow screen. */
function HistoryPages({ state, words }: { state: HistoryState; words: ConsoleWords['history'] }) {
  if (state.older === null && !state.paged) return null;
  return (
    <p id="seiten">
      {state.paged && <a href={HISTORY_PATH}>{words.newest}</a>}
      {state.paged && state.older !== null && ' · '}
      {state.older !== null && <a href={`${HISTORY_PATH}?${new URLSearchParams({ [OLDER_FIELD]: state.older }).toString()}`}>{words.older}</a>}
    </p>
  );
}

export function historyPage(words: ConsoleWords, state: HistoryState): ConsolePage {
  const w = words.history;
  const { publishes } = state;
  return consolePage(
    w.title,
    'content',
    <>
      {state.notice && <Notice kind={state.notice.kind}>{state.notice.text}</Notice>}
      <p>{publishes === null ? w.unavailable : w.intro}</p>
      {publishes !== null && publishes.length === 0 && <p>{state.paged ? w.noOlder : w.empty}</p>}
      {publishes !== null && publishes.length > 0 && (
        <ol className="console-list">
          {publishes.map(({ publish, changes, undone }) => (
            <li className="console-item" key={publish.commit}>
              <h2>{publish.byConsole ? publish.subject : w.byTechnician}</h2>
              <p>{fillSlots(w.when, { time: berlinTime(publish.at), author: publish.author })}</p>
              {publish.byConsole ? (
                <Changes changes={changes} words={words.publish} />
              ) : (
                // A developer's commit message is his, often English: folded away with its changes.
                <details>
                  <summary>{w.showChanges}</summary>
                  <p lang="en">{publish.subject}</p>
                  <Changes changes={changes} words={words.publish} />
                </details>
              )}
              {undone ? (
                <p>{w.alreadyUndone}</p>
              ) : publish.outside ? (
                <p>{w.technicianOnly}</p>
              ) : (
                // A GET to the question first: the undo itself is the POST of that page.
                <form method="get" action={UNDO_PATH}>
                  <input type="hidden" name={COMMIT_FIELD} value={publish.commit} />
                  <button className="btn btn-outline" type="submit">
                    {w.undo}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ol>
      )}
      <HistoryPages state={state} words={w} />
    </>,
  );
}

/** The question before an undo: what it changes back, and the button that does it. */
export function undoPage(words: ConsoleWords, entry: HistoryEntry): ConsolePage {
  const w = words.history;
  return consolePage(
    w.confirmTitle,
    'content',
    <>
      <p>{w.confirmText}</p>
      <h2>{entry.publish.byConsole ? entry.publish.subject : w.byTechnician}</h2>
      <p>{fillSlots(w.when, { time: berlinTime(entry.publish.at), author: entry.publish.author })}</p>
      {!entry.publish.byConsole && <p lang="en">{entry.publish.subject}</p>}
      <Changes changes={entry.changes} words={words.publish} />
      <PostButton action={UNDO_PATH} label={w.confirm} primary fields={{ [COMMIT_FIELD]: entry.publish.commit }} />
      <p>
        <a href={HISTORY_PATH}>{w.back}</a>
      </p>
    </>,
  );
}
