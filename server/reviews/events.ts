// The open Server-Sent Event streams of /api/reviews/events, bounded: at most `total` open at once
// and `perAddress` from one visitor address (IPv6: its /64, `addressKey`), so streams from many addresses cannot hold sockets
// without end; past a bound the answer is 503 with Retry-After (the page keeps its reviews, only
// the live reload is missing). One heartbeat and one change poll serve every stream. A peer that is
// gone without saying so is let go three ways: TCP keepalive probes it, a peer whose heartbeats pile
// up unsent is cut off, and every stream ends after `maxAgeMs` (a browser still showing the page
// reconnects after the `retry` interval; a dead peer does not).
import type { Request, Response } from 'express';
import type { ApiContext } from '../context.ts';
import { sendJsonError } from '../http/body.ts';
import { addressKey } from '../http/limit.ts';
import { feedOf, pollFeed, type ReviewChange } from './store.ts';

interface StreamLimits {
  total: number;
  perAddress: number;
}

interface StreamHubOptions extends StreamLimits {
  heartbeatMs: number;
  pollMs: number;
  /** How long one stream may stay open. */
  maxAgeMs: number;
}

export const STREAM_MAX_AGE_MS = 30 * 60_000;

/** Bytes waiting to be sent past which a peer counts as gone: many heartbeats it has not taken. */
const UNSENT_LIMIT = 16 * 1024;
/** When a refused client may try again; EventSource itself does not retry after a 503. */
const RETRY_AFTER_S = 60;

export interface StreamHub {
  /** Serves one stream, or answers 503 with `busy` (the release's words) when a bound is reached. */
  open(req: Request, res: Response, busy: string): void;
}

export function streamHub(context: Pick<ApiContext, 'db' | 'log' | 'shutdown'>, options: StreamHubOptions): StreamHub {
  /** Each open stream with the time it may live until. */
  const open = new Map<Response, { until: number; end(): void }>();
  const byAddress = new Map<string, number>();
  const feed = feedOf(context.db);
  let timers: ReturnType<typeof setInterval>[] = [];

  const start = () => {
    timers = [
      setInterval(() => {
        const now = Date.now();
        for (const [res, stream] of open) {
          // A peer that stopped reading (gone without a FIN) leaves earlier heartbeats unsent.
          if (res.writableLength > UNSENT_LIMIT) res.destroy();
          else if (now >= stream.until) stream.end();
          else res.write(': heartbeat\n\n');
        }
      }, options.heartbeatMs),
      setInterval(() => {
        try {
          pollFeed(context.db, feed);
        } catch (error) {
          context.log(`Review change poll failed: ${(error as Error).message}`);
        }
      }, options.pollMs),
    ];
  };
  const stop = () => {
    for (const timer of timers) clearInterval(timer);
    timers = [];
  };
  // One listener for all streams: shutdown ends them, so the server can close.
  context.shutdown.addEventListener('abort', () => {
    for (const stream of [...open.values()]) stream.end();
  });

  return {
    open(req, res, busy) {
      const address = addressKey(req.ip) || 'unknown';
      const mine = byAddress.get(address) ?? 0;
      if (open.size >= options.total || mine >= options.perAddress || context.shutdown.aborted) {
        res.set('Retry-After', String(RETRY_AFTER_S));
        return sendJsonError(res, 503, busy);
      }
      byAddress.set(address, mine + 1);
      req.socket.setKeepAlive(true, options.heartbeatMs);
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      res.write('retry: 5000\n: verbunden\n\n');
      const onChange = (change: ReviewChange) => res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      feed.emitter.on('change', onChange);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        feed.emitter.off('change', onChange);
        open.delete(res);
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
        if (open.size === 0) stop();
        if (!res.writableEnded) res.end();
      };
      open.set(res, { until: Date.now() + options.maxAgeMs, end });
      if (open.size === 1) start();
      req.on('close', end);
      res.on('close', end);
    },
  };
}
