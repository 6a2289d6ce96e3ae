import type { Site } from '../../core/schema/site.ts';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';
import { Shared } from './Shared.tsx';
import { useLayoutWords } from './words.ts';

// The call button floats on narrow screens from the first paint (CSS only); WhatsApp and
// "nach oben" appear after scrolling (client/floating.ts).
export function FloatingButtons({ site }: { site: Site }) {
  const words = useLayoutWords();
  return (
    <Shared as="aside" attributes={{ className: 'floating', 'aria-label': words.floating.label }} cacheKey="floating" inputs={[site]}>
      <FloatingContent site={site} />
    </Shared>
  );
}

function FloatingContent({ site }: { site: Site }) {
  const words = useLayoutWords();
  return (
    <>
      <a className="to-top" href="#top" data-to-top aria-label={words.floating.toTop}>
        <Icon name="arrow-up" size={22} />
      </a>
      <WhatsAppButton site={site} location="sticky" className="fab fab-whatsapp" data-fab-whatsapp>
        <span className="visually-hidden">{words.whatsapp.floating}</span>
      </WhatsAppButton>
      {' '}
      <CallButton site={site} location="sticky" className="fab fab-call">
        <span className="fab-label">
          {words.call.floating} <span className="fab-number">{site.phone.display}</span>
        </span>
      </CallButton>
    </>
  );
}
