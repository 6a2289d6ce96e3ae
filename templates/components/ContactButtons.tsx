// The call and WhatsApp links: plain links that work without JavaScript, tagged for tracking.
import type { ReactNode } from 'react';
import type { Site } from '../../core/schema/site.ts';
import { telHref, whatsappHref } from '../../core/format.ts';
import { useLayoutWords } from '../layout/words.ts';
import { Icon } from './Icon.tsx';

interface ButtonProps {
  site: Site;
  location: string;
  className?: string;
  children?: ReactNode;
  label?: string;
  /** Sent with the call event on service pages (`data-track-page-title`). */
  pageTitle?: string | undefined;
  /** Without the icon: a link inside text or a card that shows its own. */
  plain?: boolean;
  'data-fab-whatsapp'?: boolean;
}

export function CallButton({ site, location, className = 'btn btn-call', children, label, pageTitle, plain = false }: ButtonProps) {
  return (
    <a
      className={className}
      href={telHref(site.phone.e164)}
      data-track="call"
      data-track-location={location}
      data-track-page-title={pageTitle}
      aria-label={label}
    >
      {!plain && <Icon name="phone" />}
      {children ?? <span>{site.phone.display}</span>}
    </a>
  );
}

export function WhatsAppButton({ site, location, className = 'btn btn-whatsapp', children, label, pageTitle: _pageTitle, plain = false, ...data }: ButtonProps) {
  const words = useLayoutWords();
  return (
    <a
      className={className}
      href={whatsappHref(site.whatsapp.e164)}
      target="_blank"
      rel="noopener noreferrer"
      data-track="whatsapp"
      data-track-location={location}
      aria-label={label}
      {...data}
    >
      {!plain && <Icon name="message-circle" />}
      {children ?? <span>{words.whatsapp.short}</span>}
    </a>
  );
}
