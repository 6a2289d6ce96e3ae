// The pages of publishing (docs/owner-console.md, "Preview, publish, undo"): the draft's changes in
// the owner's words, the preview's changed pages with links into it, the publish button; the
// the bar of saved changes not yet published; the history's pages are in history-view.tsx. Plain
// POST forms: they work without JavaScript.
import type { ReactNode } from 'react';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { FileChange, ChangeLine } from '../../content/describe.ts';
import type { PreviewRecord, PreviewStatus } from '../../content/publisher.ts';
import { HOME } from '../preview-files.ts';
import { berlinTime, consolePage, Notice, number, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';

export const PREVIEW_PATH = '/intern/vorschau';
export const PUBLISH_PATH = `${PREVIEW_PATH}/veroeffentlichen`;
export const HISTORY_PATH = `${SECTION_PATHS.content}/verlauf`;
export const UNDO_PATH = `${HISTORY_PATH}/rueckgaengig`;
/** The field of the publish form with the data's version the owner saw in the preview. */
export const VERSION_FIELD = 'stand';
/** Discarding the unpublished changes (server/owner/discard.tsx). */
export const DISCARD_PATH = `${PREVIEW_PATH}/verwerfen`;
/** The field of an undo form with the commit of the publish to undo. */
export const COMMIT_FIELD = 'veroeffentlichung';
/** Changed pages listed by name; the rest are counted. */
const PAGES_LISTED = 30;

export interface Notices {
  notice?: { kind: 'info' | 'error'; text: string };
}

function Line({ line, words }: { line: ChangeLine; words: ConsoleWords['publish'] }) {
  switch (line.kind) {
    case 'value':
      return (
        <li>
          {fillSlots(words.value, line)}
          {line.shownBefore !== undefined && line.shownAfter !== undefined && <span className="console-note"> {fillSlots(words.shownValue, { before: line.shownBefore, after: line.shownAfter })}</span>}
        </li>
      );
    case 'added':
    case 'removed':
      return <li>{fillSlots(words[line.kind], line)}</li>;
    case 'file':
      return <li>{words[line.change === 'added' ? 'fileAdded' : line.change === 'removed' ? 'fileRemoved' : 'fileChanged']}</li>;
    case 'lines':
      return (
        <li>
          {line.removed.length > 0 && <TextLines title={words.linesRemoved} lines={line.removed} />}
          {line.added.length > 0 && <TextLines title={words.linesAdded} lines={line.added} />}
        </li>
      );
  }
}

function TextLines({ title, lines }: { title: string; lines: string[] }) {
  return (
    <>
      <p>{title}</p>
      <pre className="console-lines">{lines.join('\n')}</pre>
    </>
  );
}

/** The changes of some data files, one list per file. */
export function Changes({ changes, words }: { changes: readonly FileChange[]; words: ConsoleWords['publish'] }) {
  return (
    <>
      {changes.map((change) => (
        <div key={change.file} className="console-changes">
          <p>{fillSlots(words.fileTitle, { file: change.part })}</p>
          <ul>
            {change.lines.map((line, index) => (
              <Line key={index} line={line} words={words} />
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

export interface PreviewState extends Notices {
  version: string;
  changes: readonly FileChange[];
  /** False when the data folder has no git history: the changes are not known, the pages are. */
  repository: boolean;
  record: PreviewRecord | null;
  preview: PreviewStatus;
  /** The preview's changed pages (when it is current). */
  pages: readonly string[];
  /** The names of the preview's pages by their path (server/visits/page-names.ts). */
  names: ReadonlyMap<string, string>;
  /** Whether anything is unpublished: from git, or (without it) a preview whose pages differ. */
  draft: boolean;
}

/** Each changed page by its name and address ("Preise (/preise)"): a name a phone's thumb can hit, not a lone "/". */
function PreviewPages({ pages, names, words }: { pages: readonly string[]; names: ReadonlyMap<string, string>; words: ConsoleWords['publish'] }) {
  if (pages.length === 0) return <p>{words.noPages}</p>;
  return (
    <>
      <p>{fillSlots(words.pagesTitle, { count: number(pages.length) })}</p>
      <ul className="console-list-plain">
        {pages.slice(0, PAGES_LISTED).map((page) => (
          <li key={page}>
            <a href={`${PREVIEW_PATH}${page === '/' ? `/${HOME}` : page}`}>{names.has(page) ? `${names.get(page)} (${page})` : page}</a>
          </li>
        ))}
      </ul>
      {pages.length > PAGES_LISTED && <p>{fillSlots(words.pagesMore, { count: number(pages.length - PAGES_LISTED) })}</p>}
    </>
  );
}

function PublishForm({ state, words }: { state: PreviewState; words: ConsoleWords }) {
  const w = words.publish;
  const record = state.record!;
  return (
    <>
      <p>{fillSlots(w.previewFrom, { time: berlinTime(record.builtAt) })}</p>
      <PreviewPages pages={state.pages} names={state.names} words={w} />
      {record.required === 0 ? (
        <p>{w.production}</p>
      ) : (
        <p>
          {fillSlots(w.notProduction, { count: number(record.required) })} <a href={`${SECTION_PATHS.content}/start`}>{w.startLink}</a>
        </p>
      )}
      <p>{w.publishNote}</p>
      <PostButton action={PUBLISH_PATH} label={w.publishButton} primary fields={{ [VERSION_FIELD]: state.version }} />
    </>
  );
}

export function previewPage(words: ConsoleWords, state: PreviewState): ConsolePage {
  const w = words.publish;
  const current = state.preview === 'current';
  const body: ReactNode[] = [];
  if (state.notice) body.push(<Notice key="notice" kind={state.notice.kind}>{state.notice.text}</Notice>);
  body.push(<p key="intro">{w.intro}</p>);
  if (!state.draft) {
    body.push(<p key="none">{w.noDraft}</p>);
    return consolePage(w.title, 'content', body);
  }
  if (!state.repository) body.push(<p key="repo">{w.noRepository}</p>);
  if (state.changes.length > 0) {
    body.push(<h2 key="h">{w.changesTitle}</h2>, <Changes key="changes" changes={state.changes} words={w} />);
    body.push(
      <p key="discard">
        <a href={DISCARD_PATH}>{w.discardLink}</a>
      </p>,
    );
  }
  if (current) body.push(<PublishForm key="publish" state={state} words={words} />);
  else {
    const said: Record<PreviewStatus, string> = { current: '', missing: w.previewMissing, changed: w.previewStale, outdated: w.previewOutdated };
    body.push(<p key="missing">{said[state.preview]}</p>);
    body.push(<PostButton key="make" action={PREVIEW_PATH} label={state.preview === 'missing' ? w.makePreview : w.remakePreview} primary />);
  }
  return consolePage(w.title, 'content', body);
}

/** The bar on the Inhalte pages while saved changes are not published. */
export function DraftBar({ files, words }: { files: readonly string[]; words: ConsoleWords['publish'] }) {
  if (files.length === 0) return null;
  return (
    <div className="console-notice" role="status" id="entwurf">
      <p>{fillSlots(words.draftBar, { files: files.join(', ') })}</p>
      <p>
        <a href={PREVIEW_PATH}>{words.toPreview}</a>
      </p>
    </div>
  );
}
