// The few complete answers the server gives without Express: a static hit, a 304, a
// redirect, 400, 404 and 405. Header sets are precomputed; a request only picks one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptedCodings } from './encoding.ts';
import { SECURITY_HEADERS, type HeaderSet } from '../../core/http-policy.ts';
import type { VisitorMessages } from '../../core/schema/messages.ts';
import { escapeMarkup as escapeHtml } from '../../core/escape.ts';
import { resultPage } from '../contact/result.ts';
import { htmlEntry, type Representation, type StaticEntry } from './table.ts';

interface FixedReply {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

function plainText(status: number, text: string, extra: Record<string, string> = {}): FixedReply {
  const body = Buffer.from(text + '\n');
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(body.length),
    ...extra,
  };
  return { status, body, headers };
}

/** The answers that do not depend on the request, made once at start with the visitor's messages. */
export interface FixedReplies {
  /** 400 to a malformed address. */
  badRequest: FixedReply;
  /** 405 to another method than GET or HEAD on a page's address. */
  methodNotAllowed: FixedReply;
  /** The 404 page when the build wrote no 404.html: the build's message page, or a bare one. */
  notFoundPage: StaticEntry;
}

export function fixedReplies(messages: VisitorMessages, messagePage: string | null, security: HeaderSet): FixedReplies {
  const { notFound } = messages;
  const page = resultPage({ messagePage }, notFound.title, `<p>${escapeHtml(notFound.text)} <a href="/">${escapeHtml(notFound.home)}</a></p>`);
  return {
    badRequest: plainText(400, messages.address.malformed),
    methodNotAllowed: plainText(405, messages.address.readOnly, { Allow: 'GET, HEAD' }),
    notFoundPage: htmlEntry(page, 'no-store', security),
  };
}

function choose(entry: StaticEntry, req: IncomingMessage): Representation {
  for (const coding of acceptedCodings(req.headers['accept-encoding'])) {
    const representation = entry[coding];
    if (representation !== undefined) return representation;
  }
  // Nothing acceptable: RFC 9110 allows answering without a coding rather than failing.
  return entry.identity;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true;
  }
  return false;
}

export function sendEntry(req: IncomingMessage, res: ServerResponse, entry: StaticEntry, status = 200): void {
  const representation = choose(entry, req);
  const ifNoneMatch = req.headers['if-none-match'];
  if (status === 200 && ifNoneMatch !== undefined && representation.etag !== undefined && matches(ifNoneMatch, representation.etag)) {
    res.writeHead(304, representation.notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(status, representation.headers);
  res.end(req.method === 'HEAD' ? undefined : representation.body);
}

export function sendFixed(req: IncomingMessage, res: ServerResponse, reply: FixedReply): void {
  res.writeHead(reply.status, reply.headers);
  res.end(req.method === 'HEAD' ? undefined : reply.body);
}

export function sendRedirect(res: ServerResponse, location: string): void {
  res.writeHead(301, {
    ...SECURITY_HEADERS,
    Location: location,
    // Not forever: a redirect cached for a year would outlive a renamed page.
    'Cache-Control': 'public, max-age=3600',
    'Content-Length': '0',
  });
  res.end();
}
