// What every API module receives: the database, its settings, the business facts, the visitor's
// messages, the log and the shutdown signal. Each module exports `…Api(context)` (an Express
// Router) and, where it has scheduled work, `…Jobs(context)` returning a stop function.
import type { VisitorMessages } from '../core/schema/messages.ts';
import type { FeatureConfig } from './config.ts';
import type { SiteFacts } from './facts.ts';
import type { Db } from './store/database.ts';
import type { LimitCounts } from './http/limit.ts';
import type { LoginThrottle } from './owner/login-throttle.ts';
import type { StreamHub } from './reviews/events.ts';
import type { ContentService } from './content/publisher.ts';

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
  /** What a running server keeps while it switches from one release to the next (server/release.ts); each router makes its own without. */
  readonly kept?: KeptParts;
}

/** A release a build made that this server did not serve: which, when it looked, and why (English, for the log). */
export interface RefusedRelease {
  readonly folder: string;
  readonly at: string;
  readonly reason: string;
}

/** The state of the routers that outlasts a release: per-address counts, open event streams, failed logins. */
export interface KeptParts {
  readonly limits: LimitCounts;
  /** The last release the server would not switch to, for the console's System page; null once one is served after it. */
  refusedRelease?: RefusedRelease | null;
  streams?: StreamHub;
  throttle?: LoginThrottle;
  /** The owner's draft, preview and publishing: one at a time, while a publish switches the release (server/content/publisher.ts). */
  content?: ContentService;
}

export type StopJobs = () => void;
