import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AddressSelector, type AddressSelectorProps } from '../../templates/islands/AddressSelector.tsx';

export function hydrate(element: HTMLElement, props: object): void {
  hydrateRoot(element, createElement(AddressSelector, props as AddressSelectorProps));
}
