import type { PageContext } from '../lib/context.ts';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Icon } from '../components/Icon.tsx';
import { Logo } from '../components/Logo.tsx';
import { activeItems } from '../lib/nav.ts';
import { Navigation } from './Navigation.tsx';
import { Shared } from './Shared.tsx';

// Without JavaScript the drawer opens through the #menu fragment (CSS :target) and closes
// through links to "#"; client/drawer.ts turns it into a dialog with a focus trap. Its own tag is
// styled from the first paint (`data-first-screen="tag"`, build/render/first-screen-css.ts): the rule
// that hides it until it is asked for stands inline, its inner rules come with the stylesheet.
export function Drawer({ context }: { context: PageContext }) {
  const attributes = {
    className: 'drawer',
    id: 'menu',
    role: 'dialog',
    'aria-modal': 'true',
    'aria-label': context.layout.drawer.label,
    'data-drawer': true,
    'data-first-screen': 'tag',
  };
  return (
    <Shared as="div" attributes={attributes} cacheKey={`drawer ${activeItems(context.navigation.items, context.path)}`} inputs={[context.site, context.navigation, context.layout]}>
      <DrawerContent context={context} />
    </Shared>
  );
}

function DrawerContent({ context }: { context: PageContext }) {
  const { site, layout: words } = context;
  return (
    <>
      <a className="drawer-backdrop" href="#" data-drawer-close tabIndex={-1} aria-hidden="true"></a>
      <div className="drawer-panel" data-drawer-panel>
        <div className="drawer-head">
          <Logo site={site} />
          <a className="drawer-close" href="#" data-drawer-close aria-label={words.drawer.close}>
            <Icon name="x" size={24} />
          </a>
        </div>
        <CallButton site={site} location="drawer" className="btn btn-call btn-block" />
        {' '}
        <WhatsAppButton site={site} location="drawer" className="btn btn-whatsapp btn-block">
          <span>{words.whatsapp.write}</span>
        </WhatsAppButton>
        <Navigation items={context.navigation.items} path={context.path} className="drawer-nav" label={words.drawer.label} />
      </div>
    </>
  );
}
