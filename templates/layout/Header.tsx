import type { PageContext } from '../lib/context.ts';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';
import { Logo } from '../components/Logo.tsx';
import { activeItems } from '../lib/nav.ts';
import { Navigation } from './Navigation.tsx';
import { Shared } from './Shared.tsx';

// The call button comes first in the source after the logo, so it sits in the first bytes of
// every page (budget: the first tel: link within 14 KB brotli).
export function Header({ context }: { context: PageContext }) {
  return (
    <Shared as="header" attributes={{ className: 'site-header' }} cacheKey={`header ${activeItems(context.navigation.items, context.path)}`} inputs={[context.site, context.navigation, context.layout]}>
      <HeaderContent context={context} />
    </Shared>
  );
}

// The spaces between the bar's items take no room in its flex layout; without CSS they keep
// "Mustermann", "Anrufen" and "24/7 Notdienst" apart (tests/integration/plain-text.test.ts).
function HeaderContent({ context }: { context: PageContext }) {
  const { site, layout: words } = context;
  return (
    <div className="container header-bar">
      <Logo site={site} />{' '}
      <CallButton site={site} location="header" className="btn btn-call header-call">
        <span className="header-call-short">{words.call.short}</span>{' '}
        <span className="header-call-long">{words.call.long}</span> <strong className="header-call-number">{site.phone.display}</strong>
      </CallButton>
      {' '}
      <WhatsAppButton site={site} location="header" className="btn btn-whatsapp header-whatsapp" />{' '}
      <a className="menu-toggle" href="#menu" aria-controls="menu" aria-expanded="false" data-drawer-open>
        <Icon name="menu" size={24} />
        <span>{words.header.menu}</span>
      </a>
      <Navigation items={context.navigation.items} path={context.path} className="main-nav" label={words.header.navigation} />
    </div>
  );
}
