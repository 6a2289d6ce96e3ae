// The 404 page: no address of its own (the server and static hosts answer unknown paths with it).
import { createElement } from 'react';
import { NotFoundPage } from '../../templates/pages/NotFoundPage.tsx';
import type { Route, RouteKit } from './route.ts';

export function errorRoutes({ data }: RouteKit): Route[] {
  const { notFound } = data.errorPages;
  return [
    {
      path: null,
      file: '404.html',
      template: '404',
      head: { title: notFound.title, description: notFound.description, canonical: false },
      indexable: false,
      page: createElement(NotFoundPage, { site: data.site, words: notFound }),
    },
  ];
}
