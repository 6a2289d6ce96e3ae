// The Texte and Versprechen forms against the shipped files of data/: every text of every included
// file is a field (server/content/text-forms.ts), and every field round-trips: the text as a browser
// sends it back reads as unchanged, and every field changed at once is written in place by
// server/content/yaml-edit.ts (folded blocks stay folded) and reads back as typed, with every
// comment and key where it was.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { fieldId, fieldValue, typedForm, type FormField } from '../../server/content/form-fields.ts';
import { DATA_FORMS, dataOf } from '../../server/content/forms.ts';
import { BODY_PATH, markdownData } from '../../server/content/markdown-file.ts';
import { TEXT_FORMS, TRUST_FORMS } from '../../server/content/text-forms.ts';
import { LEGAL_TEXT_FORMS } from '../../server/content/legal-text-forms.ts';
import { TEXT_PAGES, TRUST_PAGES } from '../../server/content/text-pages.ts';
import { claimUses, TEMPLATE_USES } from '../../server/content/claim-uses.ts';
import { editYamlText, type DataEdit } from '../../server/content/yaml-edit.ts';
import { ROOT } from '../support/data-copy.ts';

const DATA = join(ROOT, 'data');
const words = consoleWordsSchema.parse(parse(readFileSync(join(DATA, 'console.yaml'), 'utf8')));
const forms = DATA_FORMS.filter((form) => form.slug === 'versprechen' || TEXT_FORMS.includes(form) || TRUST_FORMS.includes(form) || LEGAL_TEXT_FORMS.includes(form));

/** What a browser sends for the field as the page shows it: a textarea's line breaks as CRLF. */
const sent = (field: FormField, text: string) => (field.kind === 'textarea' ? text.replace(/\n/g, '\r\n') : text);

const comments = (text: string) => text.split('\n').filter((line) => line.trim().startsWith('#'));

/** Every string of a parsed file, and its go-live switches (lawyerConfirmed, examples), with their keys joined by dots (a list's item by its id, else position). */
function strings(value: unknown, path: string[] = [], found = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string' || (typeof value === 'boolean' && /^(lawyerConfirmed|examples)$/.test(path.at(-1) ?? ''))) found.set(path.join('.'), String(value));
  else if (Array.isArray(value)) value.forEach((item: unknown, index) => strings(item, [...path, typeof (item as { id?: unknown })?.id === 'string' ? (item as { id: string }).id : String(index)], found));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, [...path, key], found);
  return found;
}

describe('the Texte forms', () => {
  it('are one per page file, each below the POST limit of 1000 fields, and list every text of the file but references', () => {
    expect(TEXT_FORMS.length).toBe(14);
    for (const form of TEXT_FORMS) {
      const data = parse(readFileSync(join(DATA, form.file), 'utf8')) as unknown;
      const fields = form.groups(data, words, DATA).flatMap((group) => group.fields);
      expect(fields.length + 1, form.file).toBeLessThan(1000);
      const texts = [...strings(data)].filter(([path]) => !/(^|\.)(id|href|icon|image|priceId|ids(\.\d+)?|slug|date|trackingLabel)$/.test(path));
      expect(fields.map((field) => field.path).sort(), form.file).toEqual(texts.map(([path]) => path).sort());
      // Each field has an element id of its own.
      expect(new Set(fields.map((field) => fieldId(field.path))).size, form.file).toBe(fields.length);
      // Labels are words, never the data path itself.
      for (const field of fields) expect(field.label, field.path).not.toBe(field.path);
    }
  });
});

describe('the words of the forms', () => {
  it('name every page, every promise and every figure of the shipped files', () => {
    for (const page of TEXT_PAGES) expect(words.texts.pages[page.slug], page.slug).toBeDefined();
    // Every key of every text: the labels are German words, never a key split into English ones.
    for (const form of [...TEXT_FORMS, ...TRUST_FORMS]) {
      const fields = form.groups(dataOf(form, readFileSync(join(DATA, form.file), 'utf8')), words, DATA).flatMap((group) => group.fields);
      // A list's item named by its id in the path is labelled by its position ("Nr. 2").
      const ids = new Set(JSON.stringify(dataOf(form, readFileSync(join(DATA, form.file), 'utf8'))).match(/"id":"[^"]*"/g)?.map((pair) => pair.slice(6, -1)));
      const unnamed = fields.flatMap((field) => field.path.split('.')).filter((segment) => !/^\d+$/.test(segment) && !ids.has(segment) && words.texts.keys[segment] === undefined);
      expect(unnamed, form.file).toEqual([]);
    }
    const claims = parse(readFileSync(join(DATA, 'claims.yaml'), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const [id, claim] of Object.entries(claims)) {
      expect(words.claims.names[id], id).toBeDefined();
      for (const [key, value] of Object.entries(claim)) if (typeof value === 'number') expect(words.claims.figures[key], `${id}.${key}`).toBeDefined();
    }
  });

  it("say where a promise appears: each page text file by its page, a service page by its address, a trust page by its short title", () => {
    const uses = claimUses(DATA, words.texts);
    expect(uses.get('damageFree')).toEqual(expect.arrayContaining(['Startseite (/)', 'Leistungen (/leistungen, /leistungen/tueroeffnung)', 'Schonende Öffnung (/schonende-oeffnung)']));
    // The guarantee's exceptions are the AGB's; the withdrawal text has no page of its own.
    expect(uses.get('moneyBack')).toEqual(expect.arrayContaining(['Geld-zurück-Garantie (/geld-zurueck-garantie)', expect.stringMatching(/\(\/agb\)$/)]));
    expect(uses.get('founded')).toContain(`${words.texts.pages.ortsseiten!.title} (${words.texts.pages.ortsseiten!.address})`);
  });

  it('know every promise a template states itself, not by placeholder', () => {
    const templates = readdirSync(join(ROOT, 'templates'), { recursive: true }).map(String).filter((file) => /\.tsx?$/.test(file));
    const stated = templates.flatMap((file) => [...readFileSync(join(ROOT, 'templates', file), 'utf8').matchAll(/\bclaims\.([a-zA-Z]+)\./g)].map((match) => match[1]));
    expect(stated.length).toBeGreaterThan(0);
    for (const id of stated) expect(Object.keys(TEMPLATE_USES), id).toContain(id);
  });
});

describe('the trust pages', () => {
  it('are every page of data/trust/, each with its front matter texts and its Markdown body, and nothing else of the file changes when one is saved', () => {
    expect([...TRUST_PAGES].sort()).toEqual(readdirSync(join(DATA, 'trust')).filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -3)).sort());
    const form = TRUST_FORMS.find((candidate) => candidate.file === 'trust/schonende-oeffnung.md')!;
    const text = readFileSync(join(DATA, form.file), 'utf8');
    const fields = form.groups(dataOf(form, text), words, DATA).flatMap((group) => group.fields);
    expect(fields.map((field) => field.path)).toEqual(expect.arrayContaining(['title', 'heading', 'callBox.heading', BODY_PATH]));
    expect(fields.find((field) => field.path === BODY_PATH)).toMatchObject({ kind: 'textarea', keepSlots: true, note: words.texts.markdownNote });
    expect(fields.some((field) => field.path === 'icon' || field.path === 'trackingLabel' || field.path === 'order')).toBe(false);
    const body = markdownData(text)[BODY_PATH] as string;
    const edited = form.format!.edit(text, [
      { path: BODY_PATH, value: body.replace('## ', '## Neu: ') },
      { path: 'heading', value: 'Schonende Öffnung: Ihre Tür bleibt heil' },
    ]);
    const changed = edited.text.split('\n').filter((line, index) => line !== text.split('\n')[index]);
    expect(changed).toEqual(['heading: "Schonende Öffnung: Ihre Tür bleibt heil"', expect.stringMatching(/^## Neu: /)]);
    // No front matter names the body's key.
    for (const slug of TRUST_PAGES) expect(Object.keys(markdownData(readFileSync(join(DATA, `trust/${slug}.md`), 'utf8')))).toContain(BODY_PATH);
  });
});

describe('every text of every included file round-trips', () => {
  for (const form of forms) {
    it(`${form.slug} (data/${form.file})`, () => {
      const text = readFileSync(join(DATA, form.file), 'utf8');
      const fields = form.groups(dataOf(form, text), words, DATA).flatMap((group) => group.fields);
      const edits: DataEdit[] = [];
      for (const field of fields) {
        if (field.kind !== 'line' && field.kind !== 'textarea') continue;
        // Sent back as shown: the file's value, unchanged.
        expect(fieldValue(field, sent(field, typedForm(field.value)), words.form.problems), field.path).toEqual({ value: field.value });
        // Sent with a change: the typed text, the final line break as the file had it.
        const changed = fieldValue(field, sent(field, `Neu: ${typedForm(field.value)}`), words.form.problems);
        expect(changed, field.path).toEqual({ value: `Neu: ${field.value as string}` });
        edits.push({ path: field.path, value: `Neu: ${field.value as string}` });
      }
      expect(edits.length).toBeGreaterThan(0);
      const edited = (form.format?.edit ?? editYamlText)(text, edits);
      // (A Markdown page's comments are its front matter's; its body's "#" lines are headings.)
      const yamlPart = (source: string) => (form.format ? source.slice(0, source.indexOf('\n---\n', 3)) : source);
      expect(comments(yamlPart(edited.text))).toEqual(comments(yamlPart(text)));
      // Every text as typed; an empty field (a promise without a basis) added as its promise's last line.
      const expected = new Map([...strings(dataOf(form, text)), ...edits.map((edit) => [edit.path, edit.value as string] as const)]);
      expect(strings(edited.data)).toEqual(expected);
      expect(JSON.stringify(Object.keys(edited.data as object))).toBe(JSON.stringify(Object.keys(dataOf(form, text) as object)));
    });
  }
});

describe('a text in place (server/content/yaml-edit.ts)', () => {
  const source = [
    '# Kommentar',
    'a:',
    '  folded: >-',
    '    Ein gefalteter Text, der über',
    '    zwei Zeilen geht.',
    '  # zwischen',
    '  clip: >',
    '    Mit Zeilenumbruch am Ende.',
    '',
    '  quoted: "Er sagte: \\"Hallo\\""',
    '  single: \'it\'\'s\'',
    '  list:',
    '    - eins',
    '    - zwei # zwei',
    'b: c',
    '',
  ].join('\n');

  it('keeps a folded block folded, with its indentation, wrapping long lines and a line break as an empty line', () => {
    const long = `${'Ein sehr langer Satz mit vielen Wörtern, '.repeat(4)}der umbrechen muss.\nZweiter Absatz mit „Anführungszeichen“ und: Doppelpunkt.`;
    const { text, data } = editYamlText(source, [{ path: 'a.folded', value: long }]);
    expect((data as { a: { folded: string } }).a.folded).toBe(long);
    const lines = text.split('\n');
    expect(lines[2]).toBe('  folded: >-');
    expect(lines.slice(3, lines.indexOf('  # zwischen')).every((line) => line === '' || (line.startsWith('    ') && line.length <= 100))).toBe(true);
    expect(lines).toContain('');
    expect(text.slice(text.indexOf('  # zwischen'))).toBe(source.slice(source.indexOf('  # zwischen')));
  });

  it("keeps a clipped block's final line break and header, and the blank line after it", () => {
    const { text, data } = editYamlText(source, [{ path: 'a.clip', value: 'Neuer Text.\n' }]);
    expect((data as { a: { clip: string } }).a.clip).toBe('Neuer Text.\n');
    expect(text).toBe(source.replace('    Mit Zeilenumbruch am Ende.\n', '    Neuer Text.\n'));
  });

  it('writes quotes, a colon and a leading space so they read back; a list of texts by position', () => {
    const { text, data } = editYamlText(source, [
      { path: 'a.quoted', value: 'Sie sagte: "Tschüss" – \'bis bald\'' },
      { path: 'a.single', value: "we're" },
      { path: 'a.list.1', value: ' mit Leerzeichen: vorn' },
      { path: 'a.folded', value: ' vorn ein Leerzeichen' },
    ]);
    expect(data).toEqual({ a: { folded: ' vorn ein Leerzeichen', clip: 'Mit Zeilenumbruch am Ende.\n', quoted: 'Sie sagte: "Tschüss" – \'bis bald\'', single: "we're", list: ['eins', ' mit Leerzeichen: vorn'] }, b: 'c' });
    expect(comments(text)).toEqual(comments(source));
    expect(text).toContain("  single: 'we''re'\n");
    expect(text).toContain(' # zwei\n');
  });

  it('adds a key its map lacks as the last line of the map, after any comment of that line, and nowhere else', () => {
    expect(editYamlText('a:\n  b: 1 # eins\nc: 2\n', [{ path: 'a.basis', value: 'Belege: Rechnungen' }]).text).toBe('a:\n  b: 1 # eins\n  basis: "Belege: Rechnungen"\nc: 2\n');
    // Not after a folded text, not into a flow map, not below a list or a value.
    for (const [source, path] of [['a:\n  b: >\n    x\n', 'a.c'], ['a: { b: 1 }\n', 'a.c'], ['a:\n  - x\n', 'a.c'], ['a: 1\n', 'a.b.c'], ['a:\n  b: 1\n', 'a.c-d']]) {
      expect(() => editYamlText(source!, [{ path: path!, value: 'x' }]), source).toThrow(/names no value/);
    }
  });

  it('names a list item by position only where the items have no id', () => {
    expect(() => editYamlText('l:\n  - id: a\n    t: x\n', [{ path: 'l.0.t', value: 'y' }])).toThrow(/names no value/);
    expect(editYamlText('l:\n  - id: a\n    t: x\n', [{ path: 'l.a.t', value: 'y' }]).data).toEqual({ l: [{ id: 'a', t: 'y' }] });
    expect(() => editYamlText('l:\n  - x\n', [{ path: 'l.1', value: 'y' }])).toThrow(/names no value/);
    expect(() => editYamlText('l:\n  - x\n', [{ path: 'l.01', value: 'y' }])).toThrow(/names no value/);
  });
});
