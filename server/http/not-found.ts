// The end of the Express chain: the 404 page (or 405 on a page's URL) and the error answer.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { VisitorMessages } from '../../core/schema/messages.ts';
import type { Log } from '../context.ts';
import { errorStatus, sendJsonError } from './body.ts';
import { sendEntry, sendFixed, type FixedReplies } from './replies.ts';
import { decodeRequestPath, loggablePath, splitTarget } from './target.ts';
import type { StaticTable } from './table.ts';

export function notFound(table: StaticTable, replies: FixedReplies, messages: VisitorMessages, log: Log): RequestHandler {
  return (req, res) => {
    const { rawPath } = splitTarget(req.originalUrl);
    const path = decodeRequestPath(rawPath);
    if (path === null) return sendFixed(req, res, replies.badRequest);
    if (req.method !== 'GET' && req.method !== 'HEAD' && (table.entries.has(path) || table.rendered.has(path))) {
      return sendFixed(req, res, replies.methodNotAllowed);
    }
    log(`404 ${req.method} ${loggablePath(rawPath)}`);
    if (path.startsWith('/api/')) return sendJsonError(res, 404, messages.api.notFound);
    sendEntry(req, res, table.notFound ?? replies.notFoundPage, 404);
  };
}

export function errorAnswer(messages: VisitorMessages, log: Log): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = errorStatus(error) ?? 500;
    if (status >= 500) {
      log(`${status} ${req.method} ${loggablePath(splitTarget(req.originalUrl).rawPath)}: ${(error as Error)?.stack ?? String(error)}`);
    }
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const message = status >= 500 ? messages.api.internal : messages.api.unreadable;
    if (req.originalUrl.startsWith('/api/')) return sendJsonError(res, status, message);
    res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(message);
  };
}
