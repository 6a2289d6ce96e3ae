import type { Site } from '../../data/schema/site.ts';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';

// The call button floats on narrow screens from the first paint (CSS only); WhatsApp and
// "nach oben" appear after scrolling (client/floating.ts).
export function FloatingButtons({ site }: { site: Site }) {
  return (
    <div className="floating">
      <a className="to-top" href="#top" data-to-top aria-label="Nach oben">
        <Icon name="arrow-up" size={22} />
      </a>
      <WhatsAppButton site={site} location="sticky" className="fab fab-whatsapp" label="Per WhatsApp schreiben">
        <span className="visually-hidden">WhatsApp</span>
      </WhatsAppButton>
      <CallButton site={site} location="sticky" className="fab fab-call" label={`Jetzt anrufen: ${site.phone.display}`}>
        <span className="fab-label">
          Jetzt anrufen <span className="fab-number">{site.phone.display}</span>
        </span>
      </CallButton>
    </div>
  );
}
