// The overall cap on contact messages (docs/api.md, "POST /api/contact"): besides each address's
// limit, the site stores at most `contactPerHour` messages from everyone together within a sliding
// `contactCapWindowMs` (an hour), counted in the database, so the count survives a restart. A
// message over it is answered 503 with Retry-After and the phone number, and kept as spam with
// the reason 'limit' (server/contact/refused.ts). A flood thus queues at most that many mails, and
// a real message after it waits for those at most.
//
// The refusals of a flood are one episode: the first one alerts the owner once, by mail and push
// (server/push/flood-alert.ts), and the episode ends when the cap has not been hit for a window.
// The operator's log gets a line when it starts and when it ends, with its counts. The episode is
// kept in memory: a restart during a flood starts a new one, with one more alert.
import type { ApiContext } from '../context.ts';
import { alertFlood } from '../push/flood-alert.ts';

type CapContext = Pick<ApiContext, 'db' | 'config' | 'log' | 'site'>;

interface Episode {
  since: Date;
  lastHit: number;
  refused: number;
  timer?: ReturnType<typeof setTimeout>;
}

const episodes = new WeakMap<CapContext['db'], Episode>();

/**
 * Seconds until the cap lets the next message in, or null when it is not reached: the cap-th
 * newest stored message (not spam) leaves the window then. Read newest first by id, so a check
 * walks the cap's rows and the spam kept between them (at most REFUSED_PER_HOUR an hour,
 * server/contact/refused.ts), never the whole table.
 */
export function capReached(context: CapContext, now: number = Date.now()): number | null {
  const { contactPerHour: cap, contactCapWindowMs: windowMs } = context.config;
  const { db } = context;
  // Fewer rows than the cap at all (ids only grow): not reached, without a walk (a lifted cap of the bench).
  if ((db.prepare('SELECT coalesce(max(id), 0) AS id FROM contact_messages').get() as { id: number }).id < cap) return null;
  const row = db.prepare('SELECT created_at FROM contact_messages WHERE spam_reason IS NULL ORDER BY id DESC LIMIT 1 OFFSET ?').get(cap - 1) as { created_at: string } | undefined;
  if (row === undefined) return null;
  const freeAt = Date.parse(row.created_at) + windowMs;
  return freeAt > now ? Math.max(1, Math.ceil((freeAt - now) / 1000)) : null;
}

function endEpisode(context: CapContext, episode: Episode): void {
  episodes.delete(context.db);
  clearTimeout(episode.timer);
  context.log(
    `Contact cap: the flood since ${episode.since.toISOString()} is over (the cap was last hit at ${new Date(episode.lastHit).toISOString()}); ` +
      `${episode.refused} messages were refused over the cap of ${context.config.contactPerHour}.`,
  );
}

/** Ends the episode a window after its last refusal; looks again when a refusal came meanwhile. */
function watch(context: CapContext, episode: Episode, delayMs: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => {
    const left = episode.lastHit + context.config.contactCapWindowMs - Date.now();
    if (left <= 0) endEpisode(context, episode);
    else episode.timer = watch(context, episode, left);
  }, delayMs);
  // A flood's end must not keep a process alive that is otherwise done.
  timer.unref();
  return timer;
}

/** Counts a message refused over the cap: the first of an episode logs it and alerts the owner. */
export function noteCapHit(context: CapContext, now: number = Date.now()): void {
  const windowMs = context.config.contactCapWindowMs;
  let episode = episodes.get(context.db);
  if (episode !== undefined && now - episode.lastHit >= windowMs) {
    endEpisode(context, episode);
    episode = undefined;
  }
  if (episode === undefined) {
    const started: Episode = { since: new Date(now), lastHit: now, refused: 0 };
    started.timer = watch(context, started, windowMs);
    episodes.set(context.db, (episode = started));
    context.log(
      `Contact cap: more than ${context.config.contactPerHour} messages within ${windowMs / 60_000} minutes; ` +
        'further ones are refused (503, kept as spam with the reason "limit") until fewer arrive. Alerting the owner once.',
    );
    void alertFlood(context, context.config.contactPerHour, started.since);
  }
  episode.lastHit = now;
  episode.refused += 1;
}
