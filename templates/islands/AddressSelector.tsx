// The address selector of /kontakt: plain fields, since the site has no maps key, and no word of
// a search or a map it does not offer (docs/decisions.md, 'Address selector without a maps key').
// On "Adresse übernehmen" the address is checked (street, postcode and town required) and written
// into the contact form's message, so it reaches us with it.
// Its words come from data/contact-form.yaml.
import { useEffect, useState, type FormEvent } from 'react';
import { ADDRESS_COUNTRY, addressLine, addressSchema } from '../../core/forms/address.ts';
import type { AddressSelectorWords } from '../../core/schema/contact-form.ts';
import { firstMessages } from '../../core/forms/field-errors.ts';

export interface AddressSelectorProps {
  /** The id of the textarea the address is written into. */
  messageField: string;
  words: AddressSelectorWords;
}

const FIELDS = ['street', 'apartment', 'postalCode', 'city', 'state'] as const;
type Field = (typeof FIELDS)[number];

const REQUIRED: ReadonlySet<Field> = new Set(['street', 'postalCode', 'city']);
const AUTOCOMPLETE: Record<Field, string> = {
  street: 'address-line1',
  apartment: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
};
/** The message with one address line ("Einsatzort: …", `prefix` being "Einsatzort:"), replacing an earlier one. */
export function withAddress(message: string, line: string, prefix: string): string {
  const start = `${prefix} `;
  const kept = message.split('\n').filter((row) => !row.startsWith(start)).join('\n').trim();
  return `${start}${line}${kept ? `\n\n${kept}` : ''}`;
}

/** One field of the address, with its label, required mark or "optional", and its message. */
function AddressField({ field, words, error }: { field: Field; words: AddressSelectorProps['words']; error: string | undefined }) {
  return (
    <div className={`field field-${field}`}>
      <label htmlFor={`address-${field}`}>
        {words.labels[field]}
        {REQUIRED.has(field) ? <span aria-hidden="true"> *</span> : <span className="field-optional">{` ${words.optional}`}</span>}
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
}

export function AddressSelector({ messageField, words }: AddressSelectorProps) {
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
    const message = document.getElementById(messageField);
    if (!(message instanceof HTMLTextAreaElement)) return;
    message.value = withAddress(message.value, addressLine(result.data), words.linePrefix);
    message.dispatchEvent(new Event('input', { bubbles: true }));
    setDone(words.done);
    message.focus();
  }

  return (
    <div className="address-selector">
      <p className="no-script-note">{words.noScript}</p>
      <form className="address-form" noValidate={enhanced} onSubmit={submit} aria-label={words.formLabel} data-hydrated={enhanced || undefined}>
        <div className="field-grid">
          {FIELDS.map((field) => (
            <AddressField key={field} field={field} words={words} error={errors[field]} />
          ))}
          <div className="field field-country">
            <label htmlFor="address-country">{words.labels.country}</label>
            <input id="address-country" name="country" type="text" value={ADDRESS_COUNTRY} disabled readOnly />
          </div>
        </div>
        <div className="form-actions needs-script">
          <button type="submit" className="btn btn-outline">
            {words.submit}
          </button>
          <p className="fine-print">{words.required}</p>
        </div>
        <p className="form-done" aria-live="polite">
          {done}
        </p>
      </form>
    </div>
  );
}
