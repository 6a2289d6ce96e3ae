import { createHash } from 'node:crypto';

export function contentHash(content: string | Uint8Array, length = 8): string {
  return createHash('sha256').update(content).digest('hex').slice(0, length);
}
