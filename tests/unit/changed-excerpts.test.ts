// A change of a long text (a trust page's Markdown body) is shown by the part that changed, not as
// two pages of text: in the saved notice, the preview's list of changes and the log of changes.
import { describe, expect, it } from 'vitest';
import { changedExcerpts } from '../../server/content/form-fields.ts';

const BODY = 'Wir öffnen Ihre Tür ohne Schaden, wo immer das möglich ist. '.repeat(20);

describe('changedExcerpts', () => {
  it('keeps short values whole', () => {
    expect(changedExcerpts('69 €', '79 €')).toEqual(['69 €', '79 €']);
  });

  it('shows a long text by the part that changed, with a little of what stands around it', () => {
    const after = `${BODY.slice(0, 600)}Auch nachts und am Wochenende. ${BODY.slice(600)}`;
    const [was, is] = changedExcerpts(BODY, after);
    expect(is).toContain('Auch nachts und am Wochenende.');
    expect(was).not.toContain('Auch nachts');
    for (const excerpt of [was, is]) {
      expect(excerpt.startsWith('…')).toBe(true);
      expect(excerpt.endsWith('…')).toBe(true);
      expect(excerpt.length).toBeLessThanOrEqual(124);
    }
  });

  it('cuts a long change itself, and shows a text that was empty as empty', () => {
    const [was, is] = changedExcerpts('', BODY);
    expect(was).toBe('');
    expect(is).toBe(`${BODY.slice(0, 120)}…`);
  });
});
