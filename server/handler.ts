// The request listener: static hits are answered from memory in one write; everything
// else (API, health check, 404) goes to Express.
import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { sendBadRequest, sendEntry, sendRedirect } from './replies.ts';
import { canonicalLocation, decodeRequestPath, splitTarget } from './request-path.ts';
import type { StaticTable } from './static-table.ts';

export function createRequestListener(table: StaticTable, app: Express, shutdown: AbortSignal): RequestListener {
  return (req, res) => {
    // During shutdown a keep-alive client must not send its next request on this socket.
    if (shutdown.aborted) res.setHeader('Connection', 'close');
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') {
      const { rawPath, query } = splitTarget(req.url ?? '/');
      const path = decodeRequestPath(rawPath);
      if (path === null) return sendBadRequest(req, res);
      const entry = table.entries.get(path);
      if (entry !== undefined) return sendEntry(req, res, entry);
      const location = canonicalLocation(rawPath, query);
      if (location !== null) return sendRedirect(res, location);
    }
    app(req, res);
  };
}
