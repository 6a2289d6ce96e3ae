import { describe, expect, it } from 'vitest';
import { fillPlaceholders, lookup } from '../../build/load/placeholders.ts';

const context = {
  name: 'Schlüsseldienst Test',
  phone: { display: '0201 123' },
  prices: { services: [{ id: 'tuer', price: 69 }], terms: { waiting: 100.5 } },
};

describe('placeholders', () => {
  it('looks up nested fields and array items by id', () => {
    expect(lookup(context, 'phone.display')).toBe('0201 123');
    expect(lookup(context, 'prices.services.tuer.price')).toBe(69);
    expect(lookup(context, 'prices.services.0.price')).toBe(69);
    expect(lookup(context, 'prices.services.nope.price')).toBeUndefined();
  });

  it('fills text and euro placeholders everywhere in a structure', () => {
    const filled = fillPlaceholders({ a: ['Ruf {{ phone.display }} an', { b: 'ab {{euro:prices.services.tuer.price}}' }], n: 3 }, context, 'data/x.yaml');
    expect(filled).toEqual({ a: ['Ruf 0201 123 an', { b: 'ab 69\u00a0€' }], n: 3 });
  });

  it('lists every unknown placeholder with file and field', () => {
    expect(() => fillPlaceholders({ a: '{{nope}}', b: ['{{euro:name}}'] }, context, 'data/x.yaml')).toThrow(
      /data\/x\.yaml: a: placeholder \{\{nope\}\} names no text or number[^]*data\/x\.yaml: b\[0\]: placeholder \{\{euro:name\}\} needs a number at "name"/,
    );
  });

  it('keeps an {{#if}} block only while its value is set', () => {
    const text = 'A{{#if analytics.ga}} mit Google Analytics ({{analytics.ga}}){{/if}}.';
    expect(fillPlaceholders(text, { analytics: { ga: 'G-1' } }, 'data/x.md')).toBe('A mit Google Analytics (G-1).');
    for (const ga of [null, false, '']) expect(fillPlaceholders(text, { analytics: { ga } }, 'data/x.md')).toBe('A.');
    expect(fillPlaceholders('{{#if a}}\n## Abschnitt\n\nText\n{{/if}}Rest', { a: ['x'] }, 'data/x.md')).toBe('\n## Abschnitt\n\nText\nRest');
  });

  it('keeps an {{#unless}} block only while its value is not set', () => {
    const text = '{{#unless ids}}Wir nutzen keine Analyse.{{/unless}}';
    expect(fillPlaceholders(text, { ids: [] }, 'data/x.md')).toBe('Wir nutzen keine Analyse.');
    expect(fillPlaceholders(text, { ids: ['Google Analytics'] }, 'data/x.md')).toBe('');
  });

  it('names a block left open', () => {
    expect(() => fillPlaceholders('{{#if a}} ohne Ende', { a: 1 }, 'data/x.md')).toThrow(/data\/x\.md: .*\{\{#if …\}\} or \{\{#unless …\}\} without its end/);
  });
});
