// /kontakt, /bewertungen and the server's message page (the result of a form sent without JavaScript).
import { createElement } from 'react';
import { fillSlots } from '../../core/slots.ts';
import { ContactPage } from '../../templates/pages/ContactPage.tsx';
import { MESSAGE_TOKENS, serverFile } from '../../core/build-server-contract.ts';
import { MessagePage } from '../../templates/pages/MessagePage.tsx';
import { ReviewsPage } from '../../templates/pages/ReviewsPage.tsx';
import type { Route, RouteKit } from './route.ts';

/** The page the server fills with a short message (the contact form's result without JavaScript). */
export const MESSAGE_FILE = serverFile('messagePage');

export function contactRoutes({ data, start, crumb, page, described }: RouteKit): Route[] {
  const { site, contactPage, reviewsPage, errorPages } = data;
  const contactCrumbs = [start, crumb('/kontakt')];
  const reviewsCrumbs = [start, crumb('/bewertungen')];
  const { latitude, longitude } = site.address;
  return [
    page(
      '/kontakt',
      'contact',
      { ...contactPage.seo, canonical: true, structuredData: described('/kontakt', contactPage.seo.title, contactPage.seo.description, contactCrumbs) },
      createElement(ContactPage, {
        site,
        prices: data.prices,
        page: contactPage,
        contactForm: data.contactForm,
        crumbs: contactCrumbs,
        routeUrl: `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`,
        embedUrl: `https://www.google.com/maps?q=${latitude},${longitude}&z=15&output=embed`,
      }),
    ),
    page(
      '/bewertungen',
      'reviews',
      {
        ...reviewsPage.seo,
        canonical: true,
        // The aggregate rating is added by the server from the last sync (server/reviews-page.ts).
        structuredData: described('/bewertungen', reviewsPage.seo.title, reviewsPage.seo.description, reviewsCrumbs),
      },
      createElement(ReviewsPage, { site, page: reviewsPage, crumbs: reviewsCrumbs }),
    ),
    {
      path: null,
      file: MESSAGE_FILE,
      template: 'message',
      head: { title: fillSlots(errorPages.message.title, { title: MESSAGE_TOKENS.title }), description: errorPages.message.description, canonical: false, noindex: true },
      indexable: false,
      page: createElement(MessagePage, { site }),
    },
  ];
}
