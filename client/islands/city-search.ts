import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CitySearch, type CitySearchProps } from '../../templates/islands/CitySearch.tsx';

export function hydrate(element: HTMLElement, props: object): void {
  hydrateRoot(element, createElement(CitySearch, props as CitySearchProps));
}
