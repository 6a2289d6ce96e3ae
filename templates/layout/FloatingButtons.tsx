import type { Site } from '../../data/schema/site.ts';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';

// The call button floats on narrow screens from the first paint (CSS only); WhatsApp and
// "nach oben" appear after scrolling (client/floating.ts).
export function FloatingButtons({ site }: { site: Site }) {
  return (
    <aside className="floating" aria-label="Schnellkontakt">
      <a className="to-top" href="#top" data-to-top aria-label="Nach oben">
        <Icon name="arrow-up" size={22} />
      </a>
      <WhatsAppButton site={site} location="sticky" className="fab fab-whatsapp" data-fab-whatsapp>
        <span className="visually-hidden">Per WhatsApp schreiben</span>
      </WhatsAppButton>
      {' '}
      <CallButton site={site} location="sticky" className="fab fab-call">
        <span className="fab-label">
          Jetzt anrufen <span className="fab-number">{site.phone.display}</span>
        </span>
      </CallButton>
    </aside>
  );
}
