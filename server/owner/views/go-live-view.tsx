// The go-live check on the System page: the open items grouped as "before going live",
// "recommended" and "optional", each in German with what to do (data/console.yaml, goLive); in
// development, the items about running the site follow as information.
import { BACKUP_MAX_AGE_HOURS, GO_LIVE_GROUPS, openItems, type GoLiveItem } from '../../../core/go-live.ts';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { GoLiveStatus } from '../go-live.ts';
import { berlinTime } from './render.tsx';

/** The item's German text: times in Berlin's words, the SMTP failure's reason explained. */
export function goLiveText(words: ConsoleWords, item: GoLiveItem): string {
  const slots: Record<string, string> = { ...item.slots, hours: String(BACKUP_MAX_AGE_HOURS) };
  if (item.slots.time) slots.time = berlinTime(item.slots.time);
  if (item.kind === 'unset') slots.service = words.goLive.services[(item.slots.field ?? '').replace(/^analytics\./, '')] ?? item.slots.field ?? '';
  if (item.kind === 'smtpFailed') slots.reason = words.system.mailFailures[item.slots.reason as keyof ConsoleWords['system']['mailFailures']] ?? words.system.mailFailures.other;
  return fillSlots(words.goLive.items[item.kind], slots);
}

function ItemList({ words, items }: { words: ConsoleWords; items: readonly GoLiveItem[] }) {
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index} data-kind={item.kind}>
          {goLiveText(words, item)}
          {item.slots.file && (
            <>
              <br />
              <small>{fillSlots(words.goLive.technician, { file: item.slots.file, field: item.slots.field ? `, ${item.slots.field}` : '' })}</small>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function GoLiveList({ words, status }: { words: ConsoleWords; status: GoLiveStatus }) {
  const w = words.goLive;
  const open = openItems(status.items, status.production);
  const information = status.production ? [] : status.items.filter((item) => item.running);
  return (
    <section id="go-live" aria-labelledby="go-live-title">
      <h2 id="go-live-title">{w.title}</h2>
      <p>{w.intro}</p>
      {open.length === 0 && <p>{w.none}</p>}
      {GO_LIVE_GROUPS.map((group) => {
        const items = open.filter((item) => item.group === group);
        return (
          items.length > 0 && (
            <div key={group} data-group={group}>
              <h3>{w.groups[group]}</h3>
              <ItemList words={words} items={items} />
            </div>
          )
        );
      })}
      {information.length > 0 && (
        <div data-group="information">
          <p>{w.development}</p>
          <ItemList words={words} items={information} />
        </div>
      )}
    </section>
  );
}
