import type { Site } from '../../core/schema/site.ts';
import { HomeAndCall } from '../components/HomeAndCall.tsx';

// The server replaces MESSAGE_TOKENS (server/contact/result.ts): the heading and the message's HTML.
import { useLayoutWords } from '../layout/words.ts';
import { MESSAGE_TOKENS } from '../../core/build-server-contract.ts';
import { fillSlots } from '../../core/slots.ts';

/**
 * The page the server answers a plain form POST with (no JavaScript): the site's header and
 * footer around a heading and a short text, with the way home and the call button.
 */
export function MessagePage({ site }: { site: Site }) {
  return (
    <div className="container page-narrow message-page">
      <h1>{MESSAGE_TOKENS.title}</h1>
      <div className="prose">{MESSAGE_TOKENS.body}</div>
      <HomeAndCall site={site} location="message">
        <span>{fillSlots(useLayoutWords().call.now, { phone: site.phone.display })}</span>
      </HomeAndCall>
    </div>
  );
}
