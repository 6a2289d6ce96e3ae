// Besuche und Klicks: for the chosen period, each figure against the period before, page views,
// contact messages and clicks on call and WhatsApp links per day, where visitors come from, phone or
// computer, the clicks by weekday and hour, and the top pages and place pages by their names; each
// chart with its numbers in a table (server/owner/statistics.ts; server/visits/ counts the figures).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { DEVICES, VISIT_SOURCES } from '../../../core/visit-source.ts';
import type { ConsoleStatistics, NamedPage } from '../statistics.ts';
import { DayChart, NumberTable, RankChart } from './chart.tsx';
import { consolePage, number, type ConsolePage } from './render.tsx';
import { ClickHours, Comparison, dayLabel, PeriodChooser } from './visit-figures-view.tsx';

interface Shown {
  words: ConsoleWords;
  stats: ConsoleStatistics;
  days: number;
}

function PageName({ page, words }: { page: NamedPage; words: ConsoleWords }) {
  return (
    <span className="console-page-name">
      {page.name ?? <a href={page.path}>{page.path}</a>}
      {page.name !== null && (
        <>
          <br />
          <small>
            {words.statistics.address} <a href={page.path}>{page.path}</a>
          </small>
        </>
      )}
    </span>
  );
}

function TopPages({ shown: { words, days }, title, rows }: { shown: Shown; title: string; rows: readonly NamedPage[] }) {
  const w = words.visits;
  return (
    <section>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{w.none}</p>
      ) : (
        <>
          <RankChart label={fillSlots(w.chartLabel, { title })} rows={rows.map((row) => ({ name: row.name ?? row.path, value: row.views }))} />
          <NumberTable
            caption={title}
            head={[w.page, w.views, fillSlots(words.statistics.previous, { days }), w.clicks.call, w.clicks.whatsapp]}
            rows={rows.map((row) => [<PageName page={row} words={words} />, row.views, row.before, row.calls, row.whatsapp])}
          />
        </>
      )}
    </section>
  );
}

function Overview({ shown: { words, stats, days } }: { shown: Shown }) {
  const s = words.statistics;
  const figures = [
    [s.overview.views, stats.current.views, stats.previous.views],
    [s.overview.messages, stats.current.messages, stats.previous.messages],
    [s.overview.calls, stats.current.calls, stats.previous.calls],
    [s.overview.whatsapp, stats.current.whatsapp, stats.previous.whatsapp],
  ] as const;
  return (
    <section>
      <h2>{s.overview.title}</h2>
      <dl className="console-figures">
        {figures.map(([label, current, before]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <strong>{number(current)}</strong> <Comparison words={s} current={current} before={before} days={days} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One table of totals with the period before and the comparison, and a chart for the sources. */
function Shares({ shown: { words, stats, days }, kind }: { shown: Shown; kind: 'sources' | 'devices' }) {
  const s = words.statistics;
  const keys = kind === 'sources' ? VISIT_SOURCES : DEVICES;
  const nameOf = (key: string) => (kind === 'sources' ? s.sources.names[key as (typeof VISIT_SOURCES)[number]] : s.devices[key as (typeof DEVICES)[number]]);
  const current = stats.current[kind] as Record<string, number>;
  const previous = stats.previous[kind] as Record<string, number>;
  const title = s[kind].title;
  const rows = keys.map((key) => ({ key, name: nameOf(key), views: current[key] ?? 0, before: previous[key] ?? 0 }));
  return (
    <section>
      <h2>{title}</h2>
      <p>{s[kind].note}</p>
      {kind === 'sources' && <RankChart label={fillSlots(words.visits.chartLabel, { title })} rows={rows.map((row) => ({ name: row.name, value: row.views }))} />}
      <NumberTable
        caption={title}
        head={[kind === 'sources' ? s.sources.source : s.devices.device, words.visits.views, fillSlots(s.previous, { days })]}
        rows={rows.map((row) => [
          <>
            {row.name}
            <br />
            <Comparison words={s} current={row.views} before={row.before} days={days} />
          </>,
          row.views,
          row.before,
        ])}
      />
    </section>
  );
}

export function visitsPage(words: ConsoleWords, stats: ConsoleStatistics, days: number, periods: readonly number[]): ConsolePage {
  const w = words.visits;
  const s = words.statistics;
  const shown: Shown = { words, stats, days };
  const sum = (key: 'views' | 'calls' | 'whatsapp' | 'messages') => stats.days.reduce((total, day) => total + day[key], 0);
  const dayNames = stats.days.map((day) => day.day);
  const newestFirst = [...stats.days].reverse();
  const { current, previous } = stats;
  return consolePage(
    w.title,
    'visits',
    <>
      <PeriodChooser words={s} periods={periods} current={days} />
      <p>{fillSlots(s.periods.shown, { days, from: dayLabel(current.first), to: dayLabel(current.last), beforeFrom: dayLabel(previous.first), beforeTo: dayLabel(previous.last) })}</p>
      <Overview shown={shown} />
      <section>
        <h2>{w.perDay.title}</h2>
        <p>{w.perDay.note}</p>
        <DayChart label={fillSlots(w.chartLabel, { title: w.perDay.title })} days={dayNames} series={[{ label: w.views, className: 'bar', values: stats.days.map((day) => day.views) }]} />
        <NumberTable caption={w.perDay.title} head={[w.day, w.views]} rows={newestFirst.map((day) => [dayLabel(day.day), day.views])} sum={[w.total, sum('views')]} />
      </section>
      <section>
        <h2>{s.messages.title}</h2>
        <p>{s.messages.note}</p>
        <DayChart label={fillSlots(w.chartLabel, { title: s.messages.title })} days={dayNames} series={[{ label: s.messages.count, className: 'bar', values: stats.days.map((day) => day.messages) }]} />
        <NumberTable caption={s.messages.title} head={[w.day, s.messages.count]} rows={newestFirst.map((day) => [dayLabel(day.day), day.messages])} sum={[w.total, sum('messages')]} />
      </section>
      <section>
        <h2>{w.clicks.title}</h2>
        <p>{w.clicks.note}</p>
        <DayChart
          label={fillSlots(w.chartLabel, { title: w.clicks.title })}
          days={dayNames}
          series={[
            { label: w.clicks.call, className: 'bar', values: stats.days.map((day) => day.calls) },
            { label: w.clicks.whatsapp, className: 'bar-alt', values: stats.days.map((day) => day.whatsapp) },
          ]}
        />
        <NumberTable
          caption={w.clicks.title}
          head={[w.day, w.clicks.call, w.clicks.whatsapp]}
          rows={newestFirst.map((day) => [dayLabel(day.day), day.calls, day.whatsapp])}
          sum={[w.total, sum('calls'), sum('whatsapp')]}
        />
      </section>
      <ClickHours words={s} hours={stats.hours} />
      <Shares shown={shown} kind="sources" />
      <Shares shown={shown} kind="devices" />
      <TopPages shown={shown} title={w.topPages.title} rows={stats.topPages} />
      <TopPages shown={shown} title={w.topPlaces.title} rows={stats.topPlaces} />
    </>,
  );
}
