// Placeholder until server/backup.ts lands: no backups known.
import type { Db } from '../db.ts';
import type { SystemStatus } from './views/status-views.tsx';

export function backupStatus(_db: Db, _dir: string): Pick<SystemStatus, 'lastBackup' | 'lastFailure' | 'copies'> {
  return { lastBackup: null, lastFailure: null, copies: 0 };
}
