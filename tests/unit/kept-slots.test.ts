// A changed text keeps its {{placeholders}} and {slots} (server/content/kept-slots.ts): the fields
// of the Texte and Versprechen forms refuse, in German, a text that drops one or adds one, and take
// one moved within the sentence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import { fieldValue, type FormField } from '../../server/content/form-fields.ts';
import { changedParts, filledParts } from '../../server/content/kept-slots.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data/console.yaml'), 'utf8'))).form.problems;

const field = (value: string, kind: FormField['kind'] = 'line'): FormField => ({ path: 'x', label: 'X', kind, value, keepSlots: true });

describe('the parts a text must keep', () => {
  it('are the {{placeholders}} and {slots} it names, each once, spaces inside {{ }} aside', () => {
    expect(filledParts('Ab {{price:tuer-zugefallen}} in {town}, {{ claims.moneyBack.text }} und {town} {Kein Slot} {}')).toEqual(['{{price:tuer-zugefallen}}', '{town}', '{{claims.moneyBack.text}}']);
    expect(changedParts('In {town} ab {price}', 'Ab {price} in {town}')).toEqual({ dropped: [], added: [] });
    expect(changedParts('In {town} ab {price}', 'Ab {preis} in Essen')).toEqual({ dropped: ['{town}', '{price}'], added: ['{preis}'] });
  });

  it('a text that drops a placeholder is refused with the German message naming it', () => {
    const old = 'Festpreis {{price:tuer-zugefallen}}, Anfahrt in {town} inklusive';
    const result = fieldValue(field(old), 'Festpreis 69 €, Anfahrt in {town} inklusive', words);
    expect(result).toEqual({ problem: fillSlots(words.slotsDropped, { slots: '{{price:tuer-zugefallen}}' }) });
    expect(fillSlots(words.slotsDropped, { slots: '{x}' })).toMatch(/fehlen/);
  });

  it('a text that adds one, or changes one, is refused; both said at once', () => {
    const old = 'Wir kommen nach {town}.';
    expect(fieldValue(field(old), 'Wir kommen nach {town} in {time}.', words)).toEqual({ problem: fillSlots(words.slotsAdded, { slots: '{time}' }) });
    const both = fieldValue(field(old), 'Wir kommen nach {stadt}.', words);
    expect(both).toEqual({ problem: `${fillSlots(words.slotsDropped, { slots: '{town}' })} ${fillSlots(words.slotsAdded, { slots: '{stadt}' })}` });
  });

  it('a placeholder moved within the text, or new words around it, are taken; spaces and the final line break stay as the file has them', () => {
    expect(fieldValue(field('In {town} ab {{price:x}}'), 'Ab {{price:x}} kommen wir nach {town}', words)).toEqual({ value: 'Ab {{price:x}} kommen wir nach {town}' });
    expect(fieldValue(field(' und {count} weitere.'), ' und {count} andere.', words)).toEqual({ value: ' und {count} andere.' });
    expect(fieldValue(field('Erster Absatz.\nZweiter {town}.\n', 'textarea'), 'Erster Absatz.\r\nZweiter, neu: {town}.\r\n', words)).toEqual({ value: 'Erster Absatz.\nZweiter, neu: {town}.\n' });
    // The same words with other spaces are the file's text, unchanged.
    const old = 'Zwei  Leerzeichen {town}\n';
    expect(fieldValue(field(old, 'textarea'), 'Zwei Leerzeichen {town}', words)).toEqual({ value: old });
    // A new paragraph alone is a change.
    expect(fieldValue(field('Erster Satz. Zweiter Satz.', 'textarea'), 'Erster Satz.\r\n\r\nZweiter Satz.', words)).toEqual({ value: 'Erster Satz.\n\nZweiter Satz.' });
  });

  it('an empty text is refused; a field without keepSlots takes any braces', () => {
    expect(fieldValue(field('Text {town}'), '   ', words)).toEqual({ problem: words.text });
    expect(fieldValue({ ...field('Text {town}'), keepSlots: false }, 'Text', words)).toEqual({ value: 'Text' });
  });
});
