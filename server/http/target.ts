// The path part of a request target: decoding for lookup, canonical-URL redirects, log form.

const PLAIN = /^[\x21-\x24\x26-\x7e]*$/; // printable ASCII without '%': already decoded
const UNSAFE_IN_LOCATION = /[^\x21-\x5b\x5d-\x7e]/g; // controls, space, backslash, non-ASCII
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;
const LOG_LIMIT = 200;

/**
 * A request target in origin form ("/path?query"): as given, or taken from an absolute-form target
 * ("http://host/path", which RFC 9112 §3.2.2 says a server must accept) when its host is one of
 * `ownHosts` ("example.de", "127.0.0.1:3000"). Null for the absolute form of another host: this
 * server is no proxy. Other forms ("*", garbage) pass unchanged for the later checks to refuse.
 */
export function originForm(target: string, ownHosts: ReadonlySet<string>): string | null {
  if (!/^https?:\/\//i.test(target)) return target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (!ownHosts.has(url.host)) return null;
  return `${url.pathname}${url.search}`;
}

export function splitTarget(target: string): { rawPath: string; query: string } {
  const mark = target.indexOf('?');
  return mark === -1
    ? { rawPath: target, query: '' }
    : { rawPath: target.slice(0, mark), query: target.slice(mark) };
}

/** The decoded path to look up, or null when the request target is malformed. */
export function decodeRequestPath(rawPath: string): string | null {
  if (!rawPath.startsWith('/')) return null;
  if (PLAIN.test(rawPath)) return rawPath;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  return path.normalize('NFC');
}

function percentEncodeUnsafe(text: string): string {
  return text.replace(UNSAFE_IN_LOCATION, (char) => {
    const bytes = Buffer.from(char, char.charCodeAt(0) > 0xff ? 'utf8' : 'latin1');
    return [...bytes].map((byte) => '%' + byte.toString(16).toUpperCase().padStart(2, '0')).join('');
  });
}

/**
 * Where a non-canonical page URL redirects (`/x/` and `/x/index.html` → `/x`), keeping the
 * query; null when the path is canonical. The result is always a same-origin path: it starts
 * with exactly one slash and carries no backslash, which browsers would read as a slash.
 */
export function canonicalLocation(rawPath: string, query: string): string | null {
  let path = rawPath;
  for (;;) {
    if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '');
    else if (path.endsWith('/index.html')) path = path.slice(0, -'/index.html'.length);
    else break;
  }
  if (path === rawPath) return null;
  path = '/' + path.replace(/^[/\\]+/, '');
  return percentEncodeUnsafe(path) + percentEncodeUnsafe(query);
}

/** The request path as it may appear in a log line: decoded when possible, no control characters. */
export function loggablePath(rawPath: string): string {
  const path = decodeRequestPath(rawPath) ?? rawPath;
  return path.replace(CONTROL, '').slice(0, LOG_LIMIT);
}
