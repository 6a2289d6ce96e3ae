import { describe, expect, it } from 'vitest';
import { isActive, NAV_ITEMS } from '../../templates/lib/nav.ts';

describe('header navigation', () => {
  it('has the seven items of the spec in order', () => {
    expect(NAV_ITEMS.map((item) => item.href)).toEqual(['/', '/leistungen', '/preise', '/einsatzgebiet', '/bewertungen', '/ueber-uns', '/kontakt']);
  });

  it('marks home only on the home page (exact match)', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/impressum')).toBe(false);
  });

  it('marks other items on their page and below it (prefix match)', () => {
    expect(isActive('/leistungen', '/leistungen')).toBe(true);
    expect(isActive('/leistungen', '/leistungen/tueroeffnung')).toBe(true);
    expect(isActive('/preise', '/preisevergleich')).toBe(false);
    expect(isActive('/kontakt', '/')).toBe(false);
  });
});
