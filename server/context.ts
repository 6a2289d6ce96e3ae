// What every API module receives: the database, its settings, the business facts, the visitor's
// messages, the log and the shutdown signal. Each module exports `…Api(context)` (an Express
// Router) and, where it has scheduled work, `…Jobs(context)` returning a stop function.
import type { VisitorMessages } from '../core/schema/messages.ts';
import type { FeatureConfig } from './config.ts';
import type { SiteFacts } from './facts.ts';
import type { Db } from './store/database.ts';

/** One line for the operator's log (console.log unless a test collects them). */
export type Log = (line: string) => void;

export interface ApiContext {
  readonly db: Db;
  readonly config: FeatureConfig;
  /** Null when the build wrote no dist/_server/site.json. */
  readonly site: SiteFacts | null;
  /** Every message a visitor may get (dist/_server/messages.json, from data/messages.yaml). */
  readonly messages: VisitorMessages;
  readonly log: Log;
  readonly shutdown: AbortSignal;
  /** The build's page for short messages (dist/_server/message.html); a bare page without it. */
  readonly messagePage?: string | null;
}

export type StopJobs = () => void;
