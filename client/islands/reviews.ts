import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Reviews, type ReviewsProps } from '../../templates/islands/Reviews.tsx';

export function hydrate(element: HTMLElement, props: object): void {
  hydrateRoot(element, createElement(Reviews, props as ReviewsProps));
}
