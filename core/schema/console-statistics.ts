// The words of the console's statistics page (data/console.yaml, `statistics`; server/owner/visits.tsx,
// server/owner/views/visits-view.tsx): the period, the comparison with the period before, the
// sources, the devices, messages per day and the clicks by weekday and hour.
import { z } from 'zod';
import { VISIT_SOURCES } from '../visit-source.ts';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);
const comparison = wordsWith('percent', 'days', 'before');

export const statisticsConsoleWords = z.strictObject({
  periods: z.strictObject({ label: text, choice: wordsWith('days'), shown: wordsWith('days', 'from', 'to', 'beforeFrom', 'beforeTo') }),
  comparison: z.strictObject({ up: comparison, down: comparison, same: wordsWith('days'), none: wordsWith('days') }),
  overview: z.strictObject({ title: text, views: text, messages: text, calls: text, whatsapp: text }),
  messages: z.strictObject({ title: text, note: text, count: text }),
  sources: z.strictObject({
    title: text,
    note: text,
    source: text,
    names: z.strictObject(Object.fromEntries(VISIT_SOURCES.map((source) => [source, text])) as Record<(typeof VISIT_SOURCES)[number], typeof text>),
  }),
  devices: z.strictObject({ title: text, note: text, device: text, phone: text, desktop: text }),
  hours: z.strictObject({
    title: text,
    note: text,
    weekday: text,
    weekdays: z.array(text).length(7),
    block: wordsWith('from', 'to'),
    hoursNote: text,
    full: text,
    none: text,
  }),
  previous: wordsWith('days'),
  address: text,
});
