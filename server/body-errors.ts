// What an error of Express's body parsers means for the client, in one place for every API
// module: each answers it in its own words, but never with a 5xx for a bad body.
import type { Request, Response } from 'express';

export type BodyProblem = 'json' | 'too-large' | 'encoding' | 'other';

export interface BodyError {
  status: number;
  problem: BodyProblem;
}

/** The client's mistake behind a body-parser error, or null when the error is not one. */
export function bodyError(error: unknown): BodyError | null {
  const { type, status } = (error ?? {}) as { type?: string; status?: number };
  switch (type) {
    case 'entity.parse.failed':
      return { status: 400, problem: 'json' };
    case 'entity.too.large':
    case 'parameters.too.many':
      return { status: 413, problem: 'too-large' };
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return { status: 415, problem: 'encoding' };
  }
  return typeof status === 'number' && status >= 400 && status < 500 ? { status, problem: 'other' } : null;
}

/**
 * A body over the limit is not read to its end (a declared 100 GB would keep the connection busy
 * until the client gives up): the connection closes after the answer.
 */
export function closeAfterTooLarge(res: Response, found: BodyError): void {
  if (found.problem === 'too-large') res.set('Connection', 'close');
}

/**
 * Whether the request announces a body over `bytes`. Express's parsers read such a body to its end
 * before they refuse it; this lets a module refuse it at once.
 */
export function announcesTooLarge(req: Request, bytes: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > bytes;
}
