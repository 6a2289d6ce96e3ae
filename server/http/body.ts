// What an error of Express's body parsers means for the client, in one place for every API
// module: never a 5xx for a bad body, and the same message for the same mistake.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { VisitorMessages } from '../../core/schema/messages.ts';

export type BodyProblem = 'json' | 'too-large' | 'encoding' | 'other';

export interface BodyError {
  status: number;
  problem: BodyProblem;
}

/** What an error passed to Express says about itself (http-errors' fields); a field of another kind counts as absent. */
const thrownFields = z.object({
  type: z.string().optional().catch(undefined),
  status: z.number().optional().catch(undefined),
  statusCode: z.number().optional().catch(undefined),
});

function fieldsOf(error: unknown): z.infer<typeof thrownFields> {
  const parsed = thrownFields.safeParse(error);
  return parsed.success ? parsed.data : {};
}

/** The HTTP status an error carries (`status`, else `statusCode`) when it is one of 400–599; null otherwise. */
export function errorStatus(error: unknown): number | null {
  const { status, statusCode } = fieldsOf(error);
  const found = status ?? statusCode;
  return found !== undefined && Number.isInteger(found) && found >= 400 && found < 600 ? found : null;
}

/** The client's mistake behind a body-parser error, or null when the error is not one. */
export function bodyError(error: unknown): BodyError | null {
  const { type, status } = fieldsOf(error);
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
 * Refuses a request that announces a body over `bytes` before anything is read (Express's parsers
 * read such a body to its end before they refuse it), and closes the connection after `answer`.
 */
export function refuseAnnouncedTooLarge(bytes: number | ((req: Request) => number), answer: (req: Request, res: Response) => void): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const limit = typeof bytes === 'number' ? bytes : bytes(req);
    if (!(Number.isFinite(declared) && declared > limit)) return next();
    res.set('Connection', 'close');
    answer(req, res);
  };
}

/** An error answer of the JSON API: `{error}`, never cached. */
export function sendJsonError(res: Response, status: number, text: string): void {
  res.status(status).set('Cache-Control', 'no-store').json({ error: text });
}

/** The body-parser errors of a JSON endpoint, answered `{error}` with the API's messages. */
export function jsonBodyErrors(words: VisitorMessages['api']): ErrorRequestHandler {
  const texts: Record<BodyProblem, string> = { json: words.malformed, 'too-large': words.tooLarge, encoding: words.encoding, other: words.unreadable };
  return (error, _req, res, next) => {
    const found = bodyError(error);
    if (!found) return next(error);
    closeAfterTooLarge(res, found);
    sendJsonError(res, found.status, texts[found.problem]);
  };
}
