// The owner's password: only an scrypt hash is stored (table owner_account, one row), set by
// `npm run owner:password` (scripts/owner-password.ts). Parameters: one of the equivalent settings
// of OWASP's password storage cheat sheet for scrypt (N=2^15, r=8, p=3), chosen for 32 MiB of
// memory per check instead of 128 MiB (N=2^17, p=1) on a small server; about 0.3 s a check on the
// 2-core machine here. The hash carries its parameters, so changing them still verifies old hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Db } from '../store/database.ts';

export const MIN_PASSWORD_LENGTH = 12;
/** Longer input is refused before hashing: scrypt's cost must not be the attacker's to choose. */
export const MAX_PASSWORD_LENGTH = 1024;
const PARAMETERS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** "scrypt$N$r$p$salt$key" (salt and key in base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMETERS);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What is wrong with a new password, in English for the operator's terminal; null when it will do. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim() !== password) return 'The password must not begin or end with a space.';
  return null;
}

export function storedPasswordHash(db: Db): string | null {
  const row = db.prepare('SELECT password_hash FROM owner_account WHERE id = 1').get() as { password_hash: string } | undefined;
  return row?.password_hash ?? null;
}

/** Stores a new hash and ends every session: whoever knew the old password is logged out. */
export function storePasswordHash(db: Db, hash: string, now: Date = new Date()): void {
  db.transaction(() => {
    db.prepare('INSERT INTO owner_account (id, password_hash, set_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, set_at = excluded.set_at').run(hash, now.toISOString());
    db.prepare('DELETE FROM owner_sessions').run();
  })();
}
