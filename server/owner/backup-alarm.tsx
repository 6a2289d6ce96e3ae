// The warning on every page of the console behind the login while no database backup was written
// for BACKUP_MAX_AGE_HOURS (server/store/backup-watch.ts), as server/owner/console.tsx shows the
// mail alarm. The System page shows it in full among the backup's facts, so not here.
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { ApiContext } from '../context.ts';
import { backupStatus } from '../store/backup-record.ts';
import { backupOverdue } from '../store/backup-watch.ts';
import { overdueAlarm } from './views/backup-view.tsx';
import { Notice, SECTION_PATHS, type ConsolePage } from './views/render.tsx';

export function withBackupAlarm(api: ApiContext, words: ConsoleWords, page: ConsolePage): ConsolePage {
  if (page.section === null || page.section === 'system') return page;
  const overdue = backupOverdue(api.db, backupStatus(api.db.name, api.config.backupDir), Date.now(), api.log);
  if (overdue === null) return page;
  return {
    ...page,
    body: (
      <>
        <Notice kind="error">
          <a href={SECTION_PATHS.system} id="backup-alarm">
            {overdueAlarm(words.backups)}
          </a>
        </Notice>
        {page.body}
      </>
    ),
  };
}
