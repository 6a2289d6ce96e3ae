// The legal texts carry their own version date, and the withdrawal rules exist once
// (data/legal/widerruf.md): the AGB include them by id, the order form shows the same sections.
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_SECTIONS } from '../../core/schema/legal.ts';
import { formatGermanDate } from '../../core/format.ts';
import { loadChanged, problems } from '../support/data-load.ts';



describe('the version date of a legal text', () => {
  it('is the calendar day the owner writes, quoted or not', () => {
    expect(loadChanged().legal.agb.stand).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const unquoted = loadChanged((data) => data.edit('legal/agb.md', (text) => text.replace(/stand: "[^"]+"/, 'stand: 2027-01-31')));
    expect(unquoted.legal.agb.stand).toBe('2027-01-31');
  });

  it('is written out in German as that day, whatever the time zone', () => {
    expect(formatGermanDate('2026-11-24')).toBe('24. November 2026');
    expect(formatGermanDate('2027-03-28')).toBe('28. März 2027');
  });

  it('names file and field of a day that does not exist', () => {
    expect(problems((data) => data.edit('legal/agb.md', (text) => text.replace(/stand: "[^"]+"/, 'stand: "2026-02-30"')))).toMatch(
      /^data\/legal\/agb\.md:\d+: stand: is not a day of the calendar/,
    );
  });

  it('is never the build date: a legal text using {{buildDate}} is refused with the fix', () => {
    const message = problems((data) => data.edit('legal/datenschutz.md', (text) => text.replace(/\n---\n/, '\n---\n\nStand: {{buildDate}}\n')));
    expect(message).toMatch(/^data\/legal\/datenschutz\.md: body: uses \{\{buildDate\}\}.*stand: "2026-11-24"/);
  });
});

describe('the withdrawal rules, written once', () => {
  it('has every section the AGB and the order form need, and the AGB include each of them', () => {
    const data = loadChanged();
    for (const id of WITHDRAWAL_SECTIONS) {
      const section = data.withdrawal.sections[id];
      expect(section.html.length, id).toBeGreaterThan(100);
      expect(data.legal.agb.html, id).toContain(`<h3>${section.heading}</h3>\n${section.html}`);
    }
  });

  it('names an include of an unknown section', () => {
    const message = problems((data) => data.edit('legal/agb.md', (text) => text.replace('{{widerruf:widerrufsbelehrung}}', '{{widerruf:belehrung}}')));
    expect(message).toContain('data/legal/agb.md: body: {{widerruf:belehrung}} names no section of data/legal/widerruf.md (known: widerrufsrecht, ');
  });

  it('names a section that is missing from data/legal/widerruf.md', () => {
    const message = problems((data) => data.edit('legal/widerruf.md', (text) => text.replace('{#muster-widerrufsformular}', '')));
    expect(message).toContain('data/legal/widerruf.md: body: has no section "## … {#muster-widerrufsformular}"');
  });

  it('uses the statutory model for services word for word: the paragraph on an early start, no texts for goods', () => {
    const notice = loadChanged().withdrawal.sections.widerrufsbelehrung.markdown;
    expect(notice).toContain('Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.');
    // The model's own wording ("beginnen soll", the delivery-cost parenthesis): only the unaltered
    // model carries the statutory presumption (Art. 246a § 1 Abs. 2 Satz 2 EGBGB).
    expect(notice).toContain('Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen soll, so haben Sie uns einen angemessenen Betrag zu zahlen');
    expect(notice).toContain('einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten');
    expect(notice).not.toMatch(/Waren zurück|Rücksendung/);
  });
});
