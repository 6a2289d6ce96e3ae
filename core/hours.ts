// Opening hours next to the surcharge window: the office may be open when the fixed prices do not
// hold (Saturday in the example data), and a visitor must read that beside the hours.
import { HOURS_PATTERN, type Prices } from './schema/prices.ts';
import type { Site } from './schema/site.ts';
import { germanList } from './format.ts';

const DAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

function dayRange(first: string, last: string | undefined): number[] {
  const from = DAYS.indexOf(first);
  const to = last ? DAYS.indexOf(last) : from;
  return DAYS.map((_, index) => index).filter((index) => index >= from && index <= to);
}

/** True when part of the slot lies outside the standard hours of data/prices.yaml. */
export function outsideStandardHours(slot: Site['hours']['office'][number], prices: Prices): boolean {
  const window = HOURS_PATTERN.exec(prices.terms.standardHours);
  if (!window) throw new Error(`data/prices.yaml: terms.standardHours: "${prices.terms.standardHours}" names no days and hours`);
  const days = dayRange(window[1]!, window[2]);
  const [slotFirst, slotLast] = slot.days.split('–');
  const opens = Number(slot.opens.slice(0, 2)) + Number(slot.opens.slice(3)) / 60;
  const closes = Number(slot.closes.slice(0, 2)) + Number(slot.closes.slice(3)) / 60;
  return dayRange(slotFirst!, slotLast).some((day) => !days.includes(day)) || opens < Number(window[3]) || closes > Number(window[4]);
}

/** "08:00" → "8", "09:30" → "9:30". */
function clock(time: string): string {
  const [hours, minutes] = time.split(':');
  return minutes === '00' ? String(Number(hours)) : `${Number(hours)}:${minutes}`;
}

const ADVERBS = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];

/** True when every day of the slot lies outside the standard days, so its note can name the days. */
function outsideStandardDays(slot: Site['hours']['office'][number], prices: Prices): boolean {
  const window = HOURS_PATTERN.exec(prices.terms.standardHours)!;
  const days = dayRange(window[1]!, window[2]);
  const [slotFirst, slotLast] = slot.days.split('–');
  return dayRange(slotFirst!, slotLast).every((day) => !days.includes(day));
}

/**
 * The office hours as one phrase, the surcharge bound to the days it concerns, so that it cannot
 * be read as holding for all of them: "Mo–Fr 8–18 Uhr und Sa 9–16 Uhr (samstags Preise mit
 * Notdienstzuschlag)". A slot only partly outside the standard hours names those hours instead
 * ("(Preise mit Notdienstzuschlag: Mo–Fr vor 8 und ab 18 Uhr, am Wochenende und an Feiertagen)").
 */
export function officeHours(site: Site, prices: Prices): string {
  const slots = site.hours.office;
  const phrase = germanList(slots.map((slot) => `${slot.days} ${clock(slot.opens)}–${clock(slot.closes)} Uhr`));
  const outside = slots.filter((slot) => outsideStandardHours(slot, prices));
  if (outside.length === 0) return phrase;
  const label = prices.surcharges.outsideHours.label;
  if (!outside.every((slot) => outsideStandardDays(slot, prices))) return `${phrase} (Preise mit ${label}: ${prices.surcharges.outsideHours.when})`;
  const days = outside.flatMap((slot) => {
    const [first, last] = slot.days.split('–');
    return dayRange(first!, last).map((day) => ADVERBS[day]!);
  });
  return `${phrase} (${germanList(days)} Preise mit ${label})`;
}
