// The one shape of every per-address limit of the API: draft-8 RateLimit headers, the visitor's
// address from the proxy's X-Forwarded-For (a client's own Forwarded header is ignored, not
// logged), and one message for every limit (data/messages.yaml, `api.tooManyRequests`), saying
// how many minutes to wait. Every per-address limit of the server (these, the owner's login,
// the reviews' event streams) counts an address by `addressKey`.
import type { Request, RequestHandler, Response } from 'express';
import { MemoryStore, rateLimit } from 'express-rate-limit';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { fillSlots } from '../../core/slots.ts';
import { sendJsonError } from './body.ts';

export interface LimitOptions {
  windowMs: number;
  limit: number;
  /** The message, with {minutes} (`api.tooManyRequests` of the visitor's messages). */
  text: string;
  /** Answers the request over the limit (status 429) with the filled message; `{error}` in JSON when not given. */
  answer?(req: Request, res: Response, text: string): void;
  /** Counts only requests answered below 400. */
  skipFailedRequests?: boolean;
  /** Where the counts live when they must outlast this limiter (`LimitCounts`); its own store when not given. */
  store?: MemoryStore | undefined;
}

/**
 * The counts of every limit by name, kept as long as the server runs: the app of each release
 * (server/release.ts) makes its limiters anew over the same stores, so a switch neither forgets a
 * count nor starts a timer more (a store's one timer is replaced when the next limiter takes it).
 */
export class LimitCounts {
  private readonly stores = new Map<string, MemoryStore>();

  store(name: string): MemoryStore {
    let store = this.stores.get(name);
    if (store === undefined) this.stores.set(name, (store = new MemoryStore()));
    return store;
  }
}

/**
 * The unit every per-address limit counts by: an IPv4 address itself, an IPv6 address by its /64
 * (the smallest block one household or server gets, so a client cannot get fresh counts by
 * taking the next address of its own block); an IPv4-mapped IPv6 address as the IPv4 address.
 * Not wider: a mobile network gives each phone a /64, and the neighbouring /64s of a /56 (the unit
 * express-rate-limit takes by default) may be strangers'.
 */
export function addressKey(address: string | undefined): string {
  const value = (address ?? '').replace(/%.*$/, '');
  if (!ipaddr.isValid(value)) return value;
  const parsed = ipaddr.process(value);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]).toNormalizedString()}/64`;
}

/** What express-rate-limit notes on a request it counted: when the client's window ends. */
const countedRequest = z.object({ rateLimit: z.object({ resetTime: z.date() }) });

/** Whole minutes until the client's window ends, at least 1; the whole window when the store does not say. */
function minutesToWait(req: Request, windowMs: number): number {
  const counted = countedRequest.safeParse(req);
  const ms = counted.success ? counted.data.rateLimit.resetTime.getTime() - Date.now() : windowMs;
  return Math.max(1, Math.ceil(ms / 60_000));
}

const answerJson = (_req: Request, res: Response, text: string) => sendJsonError(res, 429, text);

export function apiRateLimit({ windowMs, limit, text, answer = answerJson, skipFailedRequests = false, store }: LimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A kept store is taken over by each release's limiter, one after the other, never shared by two at once.
    ...(store ? { store } : {}),
    keyGenerator: (req) => addressKey(req.ip),
    validate: { forwardedHeader: false, unsharedStore: store === undefined, keyGeneratorIpFallback: false },
    skipFailedRequests,
    handler: (req, res) => answer(req, res, fillSlots(text, { minutes: minutesToWait(req, windowMs) })),
  });
}
