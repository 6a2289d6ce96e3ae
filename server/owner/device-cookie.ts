// The owner's device cookie (OWASP, "Slow down online guessing attacks with device cookies"): a
// browser that logged in successfully gets `owner_device=<id>.<mac>`, the MAC an HMAC-SHA256 of the
// id under a key derived from the stored password hash (server/owner/password.ts), whose random
// salt and scrypt output never leave the server: nobody without the database can make one, and a
// new password makes every device unknown again. The cookie opens nothing; it only lets the login
// throttle (server/owner/login-throttle.ts) tell the owner's browser from someone guessing.
// HttpOnly, SameSite=Strict, Path=/intern, Secure when the site is served over https, like the session.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const DEVICE_COOKIE = 'owner_device';
/** How long a browser keeps it: 400 days, the most Chrome keeps any cookie. */
const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60;
const ID_BYTES = 16;
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const macOf = (passwordHash: string, id: string): Buffer => {
  const key = createHmac('sha256', passwordHash).update('owner device cookie').digest();
  return createHmac('sha256', key).update(id).digest();
};

/** The value of the request's cookie of this name, or null. */
export function cookieValue(headers: IncomingHttpHeaders, name: string): string | null {
  for (const pair of (headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/** A new device cookie's value, signed under the stored password hash. */
export function newDevice(passwordHash: string): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  return `${id}.${macOf(passwordHash, id).toString('base64url')}`;
}

/** The id of the known device the request's cookie names, or null when it carries none that this password signed. */
export function knownDevice(headers: IncomingHttpHeaders, passwordHash: string | null): string | null {
  const match = SHAPE.exec(cookieValue(headers, DEVICE_COOKIE) ?? '');
  if (match === null || passwordHash === null) return null;
  const [, id, mac] = match as unknown as [string, string, string];
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(passwordHash, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function setDeviceCookie(value: string, secure: boolean): string {
  return [`${DEVICE_COOKIE}=${value}`, 'Path=/intern', `Max-Age=${DEVICE_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}
