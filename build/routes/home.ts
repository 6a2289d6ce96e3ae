// The home page.
import { createElement } from 'react';
import { localBusiness, webPage } from '../../core/structured-data.ts';
import type { Place } from '../../core/place.ts';
import { HomePage } from '../../templates/pages/HomePage.tsx';
import { DataError } from '../data-error.ts';
import type { Route, RouteKit } from './route.ts';

function townNamed(places: Place[], name: string): Place {
  const town = places.find((place) => place.kind === 'town' && place.name === name);
  if (!town) throw new DataError('data/home.yaml', 'coverage.towns', `"${name}" is not a town of data/places/`);
  return town;
}

export function homeRoutes({ data, siteUrl, images, page }: RouteKit): Route[] {
  const { site, home, prices } = data;
  return [
    page(
      '/',
      'home',
      {
        title: home.seo.title,
        description: home.seo.description,
        canonical: true,
        // The Locksmith is defined here, once; every other page refers to it by its @id.
        structuredData: [localBusiness(site, siteUrl), webPage(siteUrl, '/', home.seo.title, home.seo.description)],
      },
      createElement(HomePage, { site, home, prices, images, coverage: home.coverage.towns.map((name) => townNamed(data.places, name)), contactForm: data.contactForm.form }),
    ),
  ];
}
