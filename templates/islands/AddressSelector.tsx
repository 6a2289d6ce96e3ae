// The address selector of /kontakt. Without a maps key (the only configuration the site has) it
// is in its failed state from the start: the warning, the map area's note and manual entry
// (docs/decisions.md, 'Address selector without a maps key'). On "Adresse übernehmen" the address is checked (street, postcode
// and town required) and written into the contact form's message, so it reaches us with it.
import { useEffect, useState, type FormEvent } from 'react';
import { ADDRESS_COUNTRY, addressLine, addressSchema } from '../../data/schema/address.ts';
import { firstMessages } from '../../data/schema/field-errors.ts';

export interface AddressSelectorProps {
  /** The id of the textarea the address is written into. */
  messageField: string;
}

const FIELDS = ['street', 'apartment', 'postalCode', 'city', 'state'] as const;
type Field = (typeof FIELDS)[number];

const LABELS: Record<Field, string> = {
  street: 'Straße und Hausnummer',
  apartment: 'Wohnung, Etage',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  state: 'Bundesland',
};
const REQUIRED: ReadonlySet<Field> = new Set(['street', 'postalCode', 'city']);
const AUTOCOMPLETE: Record<Field, string> = {
  street: 'address-line1',
  apartment: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
};
const LINE_PREFIX = 'Einsatzort: ';

/** The message with one "Einsatzort:" line, replacing an earlier one. */
export function withAddress(message: string, line: string): string {
  const kept = message.split('\n').filter((row) => !row.startsWith(LINE_PREFIX)).join('\n').trim();
  return `${LINE_PREFIX}${line}${kept ? `\n\n${kept}` : ''}`;
}

export function AddressSelector({ messageField }: AddressSelectorProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState('');
  useEffect(() => setEnhanced(true), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = addressSchema.safeParse(Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')])));
    if (!result.success) {
      const found: Partial<Record<Field, string>> = firstMessages(result.error, 'form');
      setErrors(found);
      setDone('');
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(`address-${first}`)?.focus();
      return;
    }
    setErrors({});
    const message = document.getElementById(messageField) as HTMLTextAreaElement | null;
    if (!message) return;
    message.value = withAddress(message.value, addressLine(result.data));
    message.dispatchEvent(new Event('input', { bubbles: true }));
    setDone('Die Adresse steht jetzt in Ihrer Nachricht. Ergänzen Sie Ihr Anliegen und senden Sie das Formular ab.');
    message.focus();
  }

  return (
    <div className="address-selector">
      <p className="alert alert-warning">Google Maps konnte nicht geladen werden. Bitte füllen Sie die Felder manuell aus.</p>
      <div className="map-unavailable">
        <p>Karte nicht verfügbar. Bitte füllen Sie das Formular manuell aus.</p>
      </div>
      <p className="no-script-note">Ohne JavaScript schreiben Sie die Adresse bitte direkt in Ihre Nachricht.</p>
      <form className="address-form" noValidate={enhanced} onSubmit={submit} aria-label="Einsatzort" data-hydrated={enhanced || undefined}>
        <div className="field-grid">
          {FIELDS.map((field) => {
            const error = errors[field];
            return (
              <div key={field} className={`field field-${field}`}>
                <label htmlFor={`address-${field}`}>
                  {LABELS[field]}
                  {REQUIRED.has(field) ? <span aria-hidden="true"> *</span> : <span className="field-optional"> (optional)</span>}
                </label>
                <input
                  id={`address-${field}`}
                  name={field}
                  type="text"
                  autoComplete={AUTOCOMPLETE[field]}
                  inputMode={field === 'postalCode' ? 'numeric' : undefined}
                  maxLength={field === 'postalCode' ? 5 : 120}
                  required={REQUIRED.has(field)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `address-${field}-error` : undefined}
                />
                {error && (
                  <p className="field-error" id={`address-${field}-error`}>
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <div className="field field-country">
            <label htmlFor="address-country">Land</label>
            <input id="address-country" name="country" type="text" value={ADDRESS_COUNTRY} disabled readOnly />
          </div>
        </div>
        <div className="form-actions needs-script">
          <button type="submit" className="btn btn-outline">
            Adresse in die Nachricht übernehmen
          </button>
          <p className="fine-print">* Pflichtfeld</p>
        </div>
        <p className="form-done" aria-live="polite">
          {done}
        </p>
      </form>
    </div>
  );
}
