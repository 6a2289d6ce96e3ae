import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AddressSelector } from '../../templates/islands/AddressSelector.tsx';
import { addressSelectorProps } from '../../templates/islands/registry.ts';

export default function hydrateAddressSelector(element: HTMLElement, props: unknown): void {
  hydrateRoot(element, createElement(AddressSelector, addressSelectorProps(props)));
}
