// The contact form, a React island in two variants: A in the home page's contact section
// (e-mail required), B on /kontakt (phone required); the rules are in docs/api.md,
// 'POST /api/contact'. Rendered at build time as a plain form that posts to /api/contact and
// works without JavaScript (the browser checks `required`, the server answers with a German
// result page). Once hydrated, the island validates with the same zod schema as the server,
// sends JSON and answers with a success or a failure toast. Its words come from
// data/contact-form.yaml, those of its own variant only.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { CONTACT_LIMITS, parseContact, type ContactFormVariant as Variant } from '../../core/forms/contact.ts';
import type { ContactFormTexts, ContactFormWords } from '../../core/schema/contact-form.ts';
import { LinkedText } from '../components/LinkedText.tsx';
import { Toaster, useToasts } from './Toaster.tsx';

export interface ContactFormProps {
  variant: Variant;
  words: ContactFormWords;
}

/** The words one variant shows: those both share, and its own toasts. */
export function variantWords({ toasts, ...shared }: ContactFormTexts['form'], variant: Variant): ContactFormWords {
  return { ...shared, toasts: toasts[variant] };
}

/** What the browser bundle adds (analytics); the build renders without them. */
export interface ContactFormHooks {
  onSend?(): void;
  onResult?(result: 'success' | 'error'): void;
}

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];

function isRequired(variant: Variant, field: Field): boolean {
  if (field === 'email') return variant === 'home';
  if (field === 'phone') return variant === 'kontakt';
  return true;
}

function readForm(form: HTMLFormElement, variant: Variant) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    form: variant,
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    website: text('website'),
    privacy: data.get('privacy') !== null ? true : undefined,
  };
}

/** What the server answers a message it did not take (docs/api.md, 'POST /api/contact'): a message, and the field messages. */
const refusal = z.object({ error: z.optional(z.string()), fields: z.optional(z.record(z.string(), z.string())) });

/**
 * The server did not store the message; `fields`: its messages for the fields, if it named any;
 * `notice`: its own words for the visitor when it takes no message for now (429, 503: too many,
 * a flood, the database), which say when to try again or give the phone number.
 */
class Refused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
    readonly notice: string | null,
  ) {
    super(message);
  }
}

/** Sends a message as JSON; throws (Refused, with the server's field messages) unless it was stored (201). */
async function postContact(input: ReturnType<typeof readForm>): Promise<void> {
  const response = await fetch('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
    cache: 'no-store',
  });
  if (response.status === 201) return;
  const answer = refusal.safeParse(await response.json().catch(() => ({})));
  const { error, fields } = answer.success ? answer.data : {};
  const notice = (response.status === 429 || response.status === 503) && error ? error : null;
  throw new Refused(`POST /api/contact answered ${response.status}${error ? `: ${error}` : ''}`, fields ?? {}, notice);
}

/** The field messages of `fields` for the visible fields, in their order. */
function fieldErrors(fields: Record<string, string | undefined>): Partial<Record<Field, string>> {
  return Object.fromEntries(FIELDS.filter((field) => fields[field]).map((field) => [field, fields[field]!]));
}

interface FieldProps {
  name: Field;
  variant: Variant;
  words: ContactFormWords;
  error: string | undefined;
  onInput(): void;
  control(props: object): ReactNode;
}

/** A field with its label, required mark or "optional", and its message under it. */
function FormField({ name, variant, words, error, onInput, control }: FieldProps) {
  const id = (part: string) => `${variant}-contact-${part}`;
  const required = isRequired(variant, name);
  return (
    <div className="field">
      <label htmlFor={id(name)}>
        {words.labels[name]}
        {required ? <span aria-hidden="true"> *</span> : <span className="field-optional">{` ${words.optional}`}</span>}
      </label>
      {control({
        id: id(name),
        name,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? id(`${name}-error`) : undefined,
        onInput,
      })}
      {error && (
        <p className="field-error" id={id(`${name}-error`)}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Sending the form: the same checks as the server first (German messages under the fields, the
 * first wrong field focused), then JSON, and a toast for the result; what was typed stays when
 * sending fails.
 */
function useSend(variant: Variant, words: ContactFormWords, hooks: ContactFormHooks, focusField: (field: Field) => void) {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { toasts, show, dismiss } = useToasts();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const input = readForm(form, variant);
    const parsed = parseContact(input);
    if (!parsed.ok) {
      const found = fieldErrors(parsed.fields);
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) return focusField(first);
      if (parsed.fields.privacy) return show({ title: words.privacy.toastTitle, description: parsed.fields.privacy, variant: 'destructive' });
      // Only the hidden honeypot is left: the server accepts and discards such a message.
    }
    setErrors({});
    setSending(true);
    hooks.onSend?.();
    try {
      await postContact(input);
      form.reset();
      show(words.toasts.success);
      hooks.onResult?.('success');
    } catch (error) {
      if (error instanceof Refused) setErrors(fieldErrors(error.fields));
      console.error('The contact message could not be sent.', error);
      const notice = error instanceof Refused ? error.notice : null;
      show({ ...words.toasts.failure, ...(notice ? { description: notice } : {}), variant: 'destructive' });
      hooks.onResult?.('error');
    } finally {
      setSending(false);
    }
  }
  const clearError = (field: Field) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };
  return { sending, errors, clearError, submit, toasts, dismiss };
}

export function ContactForm({ variant, words, onSend, onResult }: ContactFormProps & ContactFormHooks) {
  const id = (field: string) => `${variant}-contact-${field}`;
  // Until hydration the browser validates (`required`); afterwards the island does, in German.
  const [enhanced, setEnhanced] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setEnhanced(true), []);
  const focusField = (field: Field) => formRef.current?.querySelector<HTMLElement>(`#${id(field)}`)?.focus();
  const { sending, errors, clearError, submit, toasts, dismiss } = useSend(variant, words, { onSend, onResult }, focusField);
  const field = (name: Field, control: FieldProps['control']) => (
    <FormField name={name} variant={variant} words={words} error={errors[name]} onInput={() => clearError(name)} control={control} />
  );
  const email = field('email', (props) => <input {...props} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />);
  const phone = field('phone', (props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" maxLength={CONTACT_LIMITS.phone} />);
  return (
    <>
      <form ref={formRef} className="contact-form" method="post" action="/api/contact" noValidate={enhanced} onSubmit={submit} data-contact-form={variant} data-hydrated={enhanced || undefined}>
        <input type="hidden" name="form" value={variant} />
        <div className="field-row">
          {field('name', (props) => <input {...props} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} />)}
          {variant === 'home' ? email : phone}
        </div>
        {variant === 'home' ? phone : email}
        {field('message', (props) => (
          <textarea {...props} rows={5} maxLength={CONTACT_LIMITS.message} placeholder={words.messagePlaceholder} />
        ))}
        {/* People never see this field; bots fill it and their message is discarded. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={id('website')}>{words.honeypot}</label>
          <input id={id('website')} type="text" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="field-check">
          <input id={id('privacy')} type="checkbox" name="privacy" required />
          <label htmlFor={id('privacy')}>
            <LinkedText text={`${words.privacy.label} *`} />
          </label>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary btn-large" disabled={sending} aria-disabled={sending || undefined}>
            {sending ? words.sending : words.send}
          </button>
          <p className="fine-print">{words.required}</p>
        </div>
      </form>
      <Toaster toasts={toasts} onDismiss={dismiss} closeLabel={words.closeToast} />
    </>
  );
}
