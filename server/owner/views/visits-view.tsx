// Besuche und Klicks: page views per day (the server's own counts), clicks on call and WhatsApp
// links per day (consenting visitors only, and clicks, not calls), the top pages and the top
// place pages, each as a chart with its numbers in a table (server/visits/statistics.ts, the data of
// `npm run stats`).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { DayChart, NumberTable, RankChart } from './chart.tsx';
import type { DayTotals, PageTotals } from '../../visits/statistics.ts';
import { consolePage, type ConsolePage } from './render.tsx';


const dayLabel = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
};

function TopPages({ words, title, rows }: { words: ConsoleWords['visits']; title: string; rows: readonly PageTotals[] }) {
  return (
    <section>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <>
          <RankChart label={fillSlots(words.chartLabel, { title })} rows={rows.map((row) => ({ name: row.path, value: row.views }))} />
          <NumberTable
            caption={title}
            head={[words.page, words.views, words.clicks.call, words.clicks.whatsapp]}
            rows={rows.map((row) => [<a href={row.path}>{row.path}</a>, row.views, row.calls, row.whatsapp])}
          />
        </>
      )}
    </section>
  );
}

export function visitsPage(words: ConsoleWords, { days, topPages, topPlaces }: { days: readonly DayTotals[]; topPages: readonly PageTotals[]; topPlaces: readonly PageTotals[] }): ConsolePage {
  const w = words.visits;
  const sum = (key: 'views' | 'calls' | 'whatsapp') => days.reduce((total, day) => total + day[key], 0);
  const dayNames = days.map((day) => day.day);
  const newestFirst = [...days].reverse();
  return consolePage(
    w.title,
    'visits',
    <>
      <p>{fillSlots(w.period, { days: days.length })}</p>
      <section>
        <h2>{w.perDay.title}</h2>
        <p>{w.perDay.note}</p>
        <DayChart label={fillSlots(w.chartLabel, { title: w.perDay.title })} days={dayNames} series={[{ label: w.views, className: 'bar', values: days.map((day) => day.views) }]} />
        <NumberTable caption={w.perDay.title} head={[w.day, w.views]} rows={newestFirst.map((day) => [dayLabel(day.day), day.views])} sum={[w.total, sum('views')]} />
      </section>
      <section>
        <h2>{w.clicks.title}</h2>
        <p>{w.clicks.note}</p>
        <DayChart
          label={fillSlots(w.chartLabel, { title: w.clicks.title })}
          days={dayNames}
          series={[
            { label: w.clicks.call, className: 'bar', values: days.map((day) => day.calls) },
            { label: w.clicks.whatsapp, className: 'bar-alt', values: days.map((day) => day.whatsapp) },
          ]}
        />
        <NumberTable
          caption={w.clicks.title}
          head={[w.day, w.clicks.call, w.clicks.whatsapp]}
          rows={newestFirst.map((day) => [dayLabel(day.day), day.calls, day.whatsapp])}
          sum={[w.total, sum('calls'), sum('whatsapp')]}
        />
      </section>
      <TopPages words={w} title={w.topPages.title} rows={topPages} />
      <TopPages words={w} title={w.topPlaces.title} rows={topPlaces} />
    </>,
  );
}
