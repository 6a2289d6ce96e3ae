// The form of data/prices.yaml (/intern/inhalte/preise): every price of a service, part and extra,
// the surcharge rule with the hours without it, and the happy hour, each named by its data path,
// with what a visitor reads for it, worded by the same functions the pages use (core/prices.ts).
import { HAPPY_HOUR_ID, outsideText, quote, priceText, surchargeNote, happyHourItem } from '../../core/prices.ts';
import { pricesSchema, type Prices } from '../../core/schema/prices.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { FieldGroup, FormField } from './form-fields.ts';

type PriceWords = ConsoleWords['prices'];

interface RawItem {
  id: string;
  title: string;
  price: number;
}

interface RawPrices {
  services: RawItem[];
  parts: RawItem[];
  extras: RawItem[];
  happyHour: { days: string; from: string; to: string; price: number; service: string; condition: string };
  surcharges: { outsideHours: { percent: number; when: string; appliesTo: string } };
  terms: { standardHours: string };
}

/** The file's data as the pages would state it; null while the file does not fit its schema. */
function pricesOf(data: unknown): Prices | null {
  const result = pricesSchema.safeParse(data);
  return result.success ? result.data : null;
}

/** A price as the pages state it (PriceSchedule, templates/components/Price.tsx): "69 € Mo–Fr 8–18 Uhr außer an Feiertagen; sonst 138 €". */
function visitorText(prices: Prices, id: string): string {
  const q = quote(prices, id);
  return q.outside === null ? priceText(q) : `${priceText(q)} ${prices.terms.standardHours}; ${prices.terms.otherwise} ${outsideText(q)}`;
}

function itemFields(list: 'services' | 'parts' | 'extras', items: readonly RawItem[], words: PriceWords, prices: Prices | null): FormField[] {
  return items.map((item) => ({
    path: `${list}.${item.id}.price`,
    label: fillSlots(words.fields.price, { title: item.title }),
    name: item.title,
    kind: 'euro',
    value: item.price,
    ...(prices ? { shown: visitorText(prices, item.id) } : {}),
  }));
}

/** The form's fields, grouped, with the values of the file's `data` (parsed YAML). */
export function pricesForm(data: unknown, words: PriceWords): FieldGroup[] {
  const raw = data as RawPrices;
  const prices = pricesOf(data);
  const rule = raw.surcharges.outsideHours;
  const happy = raw.happyHour;
  const f = words.fields;
  const happyShown = prices ? `${priceText(quote(prices, HAPPY_HOUR_ID))} ${happyHourItem(prices).note ?? ''}` : undefined;
  return [
    { title: words.groups.services, fields: itemFields('services', raw.services, words, prices) },
    { title: words.groups.parts, fields: itemFields('parts', raw.parts, words, prices) },
    { title: words.groups.extras, fields: itemFields('extras', raw.extras, words, prices) },
    {
      title: words.groups.surcharge,
      fields: [
        { path: 'surcharges.outsideHours.percent', label: f.percent, kind: 'whole', value: rule.percent, min: 1, ...(prices ? { shown: surchargeNote(prices) } : {}) },
        { path: 'surcharges.outsideHours.when', label: f.when, kind: 'text', value: rule.when },
        {
          path: 'surcharges.outsideHours.appliesTo',
          label: f.appliesTo,
          kind: 'choice',
          value: rule.appliesTo,
          choices: [
            { value: 'labour', label: f.appliesToLabour },
            { value: 'total', label: f.appliesToTotal },
          ],
        },
        { path: 'terms.standardHours', label: f.standardHours, kind: 'hours', value: raw.terms.standardHours },
      ],
    },
    {
      title: words.groups.happyHour,
      fields: [
        { path: 'happyHour.price', label: fillSlots(f.happyPrice, { service: happy.service }), kind: 'euro', value: happy.price, ...(happyShown ? { shown: happyShown } : {}) },
        { path: 'happyHour.days', label: f.happyDays, kind: 'text', value: happy.days },
        { path: 'happyHour.from', label: f.happyFrom, kind: 'time', value: happy.from },
        { path: 'happyHour.to', label: f.happyTo, kind: 'time', value: happy.to },
        { path: 'happyHour.condition', label: f.happyCondition, kind: 'text', value: happy.condition },
      ],
    },
  ];
}
