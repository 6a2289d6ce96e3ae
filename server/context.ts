// What every API module receives: the database, its settings, the business facts, the log and
// the shutdown signal. Each module exports `…Routes(context)` (an Express Router) and, where it
// has scheduled work, `…Jobs(context)` returning a stop function.
import type { Db } from './store/database.ts';
import type { Log } from './http/not-found.ts';
import type { FeatureConfig } from './config.ts';
import type { SiteFacts } from './facts.ts';

export interface ApiContext {
  readonly db: Db;
  readonly config: FeatureConfig;
  /** Null when the build wrote no dist/_server/site.json. */
  readonly site: SiteFacts | null;
  readonly log: Log;
  readonly shutdown: AbortSignal;
  /** The build's page for short messages (dist/_server/message.html); a bare page without it. */
  readonly messagePage?: string | null;
}

export type StopJobs = () => void;
