// The log of changes on the System page: the latest saves, previews, publishes and undos of the
// console, with when, what and from which login (server/content/audit.ts).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { ContentLogEntry } from '../../content/audit.ts';
import { berlinTime } from './render.tsx';

export function ContentLog({ words, entries }: { words: ConsoleWords; entries: readonly ContentLogEntry[] }) {
  const w = words.contentLog;
  return (
    <section id="aenderungen" aria-labelledby="aenderungen-title">
      <h2 id="aenderungen-title">{w.title}</h2>
      <p>{entries.length === 0 ? w.empty : w.intro}</p>
      {entries.length > 0 && (
        <ul className="console-list-plain">
          {entries.map((entry, index) => (
            <li key={index} data-action={entry.action} data-outcome={entry.outcome}>
              {fillSlots(w.entry, { time: berlinTime(entry.at), action: w.actions[entry.action], outcome: w.outcomes[entry.outcome] })}
              {entry.detail && `: ${entry.detail}`}.{' '}
              {entry.loggedInAt ? fillSlots(w.loggedIn, { hint: entry.session, time: berlinTime(entry.loggedInAt) }) : fillSlots(w.session, { hint: entry.session })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
