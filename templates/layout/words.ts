// The words of the shared parts (data/layout.yaml) for components deep in a page: Document
// provides them, so a call button or a map needs no prop from every page that shows one. Islands
// do not use this; they get their words as props, which hydration in the browser can read.
import { createContext, useContext } from 'react';
import type { Layout } from '../../core/schema/layout.ts';

export const LayoutWords = createContext<Layout | null>(null);

export function useLayoutWords(): Layout {
  const words = useContext(LayoutWords);
  if (words === null) throw new Error('A shared part was rendered outside <Document>, which provides the words of data/layout.yaml.');
  return words;
}
