import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CitySearch } from '../../templates/islands/CitySearch.tsx';
import { citySearchProps } from '../../templates/islands/registry.ts';

export default function hydrateCitySearch(element: HTMLElement, props: unknown): void {
  hydrateRoot(element, createElement(CitySearch, citySearchProps(props)));
}
