// The end of the Express chain: the 404 page (or 405 on a page's URL) and the error answer.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorStatus } from './body.ts';
import { sendBadRequest, sendEntry, sendMethodNotAllowed } from './replies.ts';
import { decodeRequestPath, loggablePath, splitTarget } from './target.ts';
import type { StaticTable } from './table.ts';

export type Log = (line: string) => void;

export function notFound(table: StaticTable, log: Log): RequestHandler {
  return (req, res) => {
    const { rawPath } = splitTarget(req.originalUrl);
    const path = decodeRequestPath(rawPath);
    if (path === null) return sendBadRequest(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD' && (table.entries.has(path) || table.rendered.has(path))) {
      return sendMethodNotAllowed(req, res);
    }
    log(`404 ${req.method} ${loggablePath(rawPath)}`);
    if (path.startsWith('/api/')) {
      res.status(404).set('Cache-Control', 'no-store').json({ error: 'Diese Schnittstelle gibt es nicht.' });
      return;
    }
    sendEntry(req, res, table.notFound, 404);
  };
}

export function errorAnswer(log: Log): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = errorStatus(error) ?? 500;
    if (status >= 500) {
      log(`${status} ${req.method} ${loggablePath(splitTarget(req.originalUrl).rawPath)}: ${(error as Error)?.stack ?? String(error)}`);
    }
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const message =
      status >= 500
        ? 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut oder rufen Sie uns an.'
        : 'Die Anfrage konnte nicht verarbeitet werden.';
    res.status(status).set('Cache-Control', 'no-store');
    if (req.originalUrl.startsWith('/api/')) res.json({ error: message });
    else res.type('text/plain').send(message);
  };
}
