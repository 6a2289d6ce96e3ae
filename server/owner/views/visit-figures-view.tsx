// The parts of the statistics page that compare and plan: the period chooser (links, no script),
// each figure against the period before ("▲ mehr: +12 % gegenüber den 30 Tagen davor (107)"), and
// the clicks by weekday and hour, in blocks of four hours that fit a phone, with all 24 hours
// in a table to unfold. Words: data/console.yaml, `statistics`.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { number, SECTION_PATHS } from './render.tsx';

type Words = ConsoleWords['statistics'];

const PERCENT = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** "28.10.2026" of "2026-10-28". */
export const dayLabel = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
};

export type Trend = 'up' | 'down' | 'same' | 'none';

/** How `current` compares with `before`: the direction and its sentence; "none" when nothing was counted before. */
export function comparison(words: Words, current: number, before: number, days: number): { trend: Trend; text: string } {
  if (before === 0) return { trend: 'none', text: fillSlots(words.comparison.none, { days }) };
  if (current === before) return { trend: 'same', text: fillSlots(words.comparison.same, { days }) };
  const trend = current > before ? 'up' : 'down';
  const percent = PERCENT.format((Math.abs(current - before) / before) * 100);
  return { trend, text: fillSlots(words.comparison[trend], { percent, days, before: number(before) }) };
}

export function Comparison({ words, current, before, days }: { words: Words; current: number; before: number; days: number }) {
  const { trend, text } = comparison(words, current, before, days);
  return (
    <span className="console-trend" data-trend={trend}>
      {text}
    </span>
  );
}

/** Links to the same page for each period; the shown one is marked. */
export function PeriodChooser({ words, periods, current }: { words: Words; periods: readonly number[]; current: number }) {
  return (
    <nav className="console-periods" aria-label={words.periods.label}>
      <span>{words.periods.label}</span>
      <ul>
        {[...periods].sort((a, b) => a - b).map((days) => (
          <li key={days}>
            <a href={`${SECTION_PATHS.visits}?tage=${days}`} aria-current={days === current ? 'page' : undefined}>
              {fillSlots(words.periods.choice, { days })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 0 for no clicks, 1–4 by the share of the busiest cell. */
const level = (value: number, max: number): number => (value === 0 ? 0 : Math.max(1, Math.ceil((value / max) * 4)));

function HeatTable({ words, caption, columns, rows }: { words: Words; caption: string; columns: readonly string[]; rows: readonly number[][] }) {
  const max = Math.max(1, ...rows.flat());
  return (
    <div className="console-table-wrap">
      <table className="console-table console-heat">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{words.hours.weekday}</th>
            {columns.map((column) => (
              <th key={column} scope="col" className="number">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, weekday) => (
            <tr key={weekday}>
              <th scope="row">{words.hours.weekdays[weekday]}</th>
              {row.map((value, index) => (
                <td key={index} className="number" data-level={level(value, max)}>
                  {number(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const BLOCK_HOURS = 4;

/** The clicks by weekday (Monday first) and hour: six blocks of four hours, and all 24 hours to unfold. */
export function ClickHours({ words, hours }: { words: Words; hours: readonly (readonly number[])[] }) {
  const blocks = Array.from({ length: 24 / BLOCK_HOURS }, (_value, block) => block * BLOCK_HOURS);
  const blocked = hours.map((row) => blocks.map((from) => row.slice(from, from + BLOCK_HOURS).reduce((sum, value) => sum + value, 0)));
  const empty = hours.every((row) => row.every((value) => value === 0));
  return (
    <section>
      <h2>{words.hours.title}</h2>
      <p>{words.hours.note}</p>
      {empty ? (
        <p>{words.hours.none}</p>
      ) : (
        <>
          <p>{words.hours.hoursNote}</p>
          <HeatTable words={words} caption={words.hours.title} columns={blocks.map((from) => fillSlots(words.hours.block, { from, to: from + BLOCK_HOURS }))} rows={blocked} />
          <details className="console-hours-full">
            <summary>{words.hours.full}</summary>
            <HeatTable words={words} caption={words.hours.title} columns={Array.from({ length: 24 }, (_value, hour) => String(hour))} rows={hours.map((row) => [...row])} />
          </details>
        </>
      )}
    </section>
  );
}
