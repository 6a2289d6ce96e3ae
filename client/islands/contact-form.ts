import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ContactForm } from '../../templates/islands/ContactForm.tsx';
import { contactFormProps } from '../../templates/islands/registry.ts';
import { trackContactResult, trackFormSubmit } from '../tracking.ts';

export default function hydrateContactForm(element: HTMLElement, props: unknown): void {
  hydrateRoot(element, createElement(ContactForm, { ...contactFormProps(props), onSend: () => trackFormSubmit(), onResult: trackContactResult }));
}
