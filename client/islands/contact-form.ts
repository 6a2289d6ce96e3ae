import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ContactForm, type ContactFormProps } from '../../templates/islands/ContactForm.tsx';
import { trackContactResult, trackFormSubmit } from '../tracking.ts';

export function hydrate(element: HTMLElement, props: object): void {
  hydrateRoot(element, createElement(ContactForm, { ...(props as ContactFormProps), onSend: () => trackFormSubmit(), onResult: trackContactResult }));
}
