// Discarding what the owner saved but has not published (docs/owner-console.md, "Preview, publish,
// undo"): /intern/vorschau/verwerfen asks first, listing the changes that would go; its POST puts
// data/ back as the last publish left it (server/content/history.ts, discardDraft) when the data
// is still what the page listed, and is recorded in the log of changes. The site itself is not
// touched: only the draft goes. Needs the data's git history, as the list of changes does.
import express, { Router } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { ApiContext } from '../context.ts';
import { recordContentChange } from '../content/audit.ts';
import type { ContentService } from '../content/publisher.ts';
import { sessionCookie, sessionHint } from './sessions.ts';
import { Changes, DISCARD_PATH, PREVIEW_PATH, VERSION_FIELD } from './views/publish-view.tsx';
import { consolePage, Notice, PostButton, routerPath, type ConsolePage, type SendPage } from './views/render.tsx';

/** The query of the preview's address after a discard: its notice. */
export const DISCARDED = 'verworfen';

interface Context {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
  service: ContentService;
}

function discardPage(words: ConsoleWords, draft: Awaited<ReturnType<ContentService['draft']>>, stale: boolean): ConsolePage {
  const w = words.publish;
  if (draft.changes.length === 0) return consolePage(w.discardTitle, 'content', <p>{w.nothingToDiscard}</p>);
  return consolePage(
    w.discardTitle,
    'content',
    <>
      {stale && <Notice kind="error">{w.discardStale}</Notice>}
      <p>{w.discardText}</p>
      <Changes changes={draft.changes} words={w} />
      <PostButton action={DISCARD_PATH} label={w.discardButton} primary fields={{ [VERSION_FIELD]: draft.version }} />
      <p>
        <a href={PREVIEW_PATH}>{w.discardBack}</a>
      </p>
    </>,
  );
}

export function discardRoutes({ api, words, sendPage, service }: Context): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 4 });
  const unavailable = () => consolePage(words.publish.discardTitle, 'content', <Notice kind="error">{words.history.unavailable}</Notice>);

  router.get(routerPath(DISCARD_PATH), async (_req, res) => {
    if ((await service.repository()) === null) return sendPage(res, 503, unavailable());
    sendPage(res, 200, discardPage(words, await service.draft(words), false));
  });

  router.post(routerPath(DISCARD_PATH), form, async (req, res) => {
    const version = typeof req.body?.[VERSION_FIELD] === 'string' ? req.body[VERSION_FIELD] : '';
    const draft = await service.draft(words);
    const outcome = await service.discard(version);
    const detail = draft.changes.map((change) => change.part).join(', ');
    recordContentChange(api.db, { session: sessionHint(sessionCookie(req.headers)), action: 'discard', outcome: outcome === 'discarded' ? 'done' : 'refused', detail });
    if (outcome === 'noHistory') return sendPage(res, 503, unavailable());
    if (outcome === 'stale') return sendPage(res, 409, discardPage(words, await service.draft(words), true));
    api.log(`Owner's console: discarded the unpublished changes of ${draft.changes.map((change) => change.file).join(', ') || 'nothing'}.`);
    res.redirect(303, `${PREVIEW_PATH}?${DISCARDED}`);
  });
  return router;
}
