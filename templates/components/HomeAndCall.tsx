import type { ReactNode } from 'react';
import type { Site } from '../../core/schema/site.ts';
import { CallButton } from './ContactButtons.tsx';
import { useLayoutWords } from '../layout/words.ts';
import { Icon } from './Icon.tsx';

/** The two ways on from a page that ends a visit (404, a form's result): home, or call. */
export function HomeAndCall({ site, location, children }: { site: Site; location: string; children: ReactNode }) {
  const words = useLayoutWords();
  return (
    <div className="button-row">
      <a className="btn btn-primary btn-large" href="/">
        <Icon name="house" />
        {words.home}
      </a>{' '}
      <CallButton site={site} location={location} className="btn btn-call btn-large">
        {children}
      </CallButton>
    </div>
  );
}
