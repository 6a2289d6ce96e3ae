// Data texts that a page completes per place: "Schlüsseldienst {where} – 24/7 Notdienst". The
// schema of each such field names the slots it may use (data/schema/slots.ts), so a typo stops the
// build with file and field; filling a slot the page does not know is a programming error.
const SLOT = /\{([a-zA-Z]+)\}/g;

/** The slot names a text uses, in order of appearance. */
export function slotsIn(text: string): string[] {
  return [...text.matchAll(SLOT)].map((match) => match[1]!);
}

/** The text with every "{name}" replaced by its value. */
export function fillSlots(text: string, values: Record<string, string | number>): string {
  return text.replace(SLOT, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The text "${text}" uses the slot {${name}}, which this page does not fill (it fills ${Object.keys(values).map((key) => `{${key}}`).join(', ')}).`);
    return String(value);
  });
}
