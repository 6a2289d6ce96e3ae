// The console's statistics page, /intern/besuche (docs/owner-console.md, "Statistics"): the period
// a link chose (`?tage=7`, 30 or 90), its figures and the period before (server/owner/statistics.ts),
// the pages named by the served release's route list (server/visits/page-names.ts).
import { Router } from 'express';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { ApiContext } from '../context.ts';
import { pageNames } from '../visits/page-names.ts';
import { consoleStatistics, periodOf, PERIODS } from './statistics.ts';
import { routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';
import { visitsPage } from './views/visits-view.tsx';

export function visitRoutes({ api, words, sendPage }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage }): Router {
  const router = Router();
  router.get(routerPath(SECTION_PATHS.visits), (req, res) => {
    const days = periodOf(req.query.tage);
    const stats = consoleStatistics(api.db, new Date(), days, pageNames(api.config.distDir, api.log));
    sendPage(res, 200, visitsPage(words, stats, days, PERIODS));
  });
  return router;
}
