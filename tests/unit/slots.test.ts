// Slots in data texts that a page fills per place ("Schlüsseldienst {where}").
import { describe, expect, it } from 'vitest';
import { fillSlots, slotsIn } from '../../core/slots.ts';

describe('slots', () => {
  it('fills every slot with its value and leaves other braces alone', () => {
    expect(fillSlots('Schlüsseldienst {where} – in {arrival} vor Ort', { where: 'Werden (Essen)', arrival: '15–25 Min.' })).toBe('Schlüsseldienst Werden (Essen) – in 15–25 Min. vor Ort');
    expect(slotsIn('{a} und {b}, nicht { c } oder {}')).toEqual(['a', 'b']);
  });

  it('refuses a slot the page does not fill, naming it and the ones it fills', () => {
    expect(() => fillSlots('Schlüsseldienst {wo}', { where: 'Haan' })).toThrow('uses the slot {wo}, which this page does not fill (it fills {where})');
  });
});
