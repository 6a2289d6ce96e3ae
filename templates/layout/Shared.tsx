// The parts every page shares (header, footer, drawer, floating buttons, consent banner) are the
// same markup on a thousand place pages. Each is rendered once per distinct input
// and its markup reused as the inner HTML of its outer element: rendering them took about 40 % of
// the build's rendering time. The markup is what
// rendering them each time gives, without React's `<!-- -->` between neighbouring texts (nothing
// hydrates these parts); tests/unit/nav.test.ts renders pages one after another and checks that
// each keeps its own current navigation item and that other site facts make other markup.
import { createElement, useContext, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IconsUsed } from '../components/Icon.tsx';
import { LayoutWords } from './words.ts';

interface Rendered {
  /** The objects the markup was made from; another object is another input. */
  inputs: readonly object[];
  html: string;
  /** Icons used inside, added to the page's sprite on every reuse. */
  icons: readonly string[];
}

/** By the first input object, then by part and variant. */
const renderedParts = new WeakMap<object, Map<string, Rendered>>();
/** Distinct markups kept per first input at most: a variant per page would otherwise grow without end. */
const MAX_VARIANTS = 64;

export interface SharedProps {
  /** The outer element, rendered by React as usual; only its content is reused. */
  as: string;
  attributes: Record<string, unknown>;
  /** Names the part and every input that is not one of `inputs` (the current navigation item, say). */
  cacheKey: string;
  /** Every object the content reads: data objects stay the same within a build. */
  inputs: readonly [object, ...object[]];
  children: ReactNode;
}

export function Shared({ as, attributes, cacheKey, inputs, children }: SharedProps) {
  const words = useContext(LayoutWords);
  const icons = useContext(IconsUsed);
  const all = [...inputs, words ?? renderedParts];
  let parts = renderedParts.get(inputs[0]);
  if (!parts) {
    parts = new Map();
    renderedParts.set(inputs[0], parts);
  }
  // Icons drawn in place (no page sprite above, as in a test of one part) are other markup.
  const key = icons ? cacheKey : `${cacheKey} without sprite`;
  let rendered = parts.get(key);
  if (!rendered || rendered.inputs.length !== all.length || rendered.inputs.some((input, index) => input !== all[index])) {
    const used = new Set<string>();
    const html = renderToStaticMarkup(
      createElement(LayoutWords.Provider, { value: words }, createElement(IconsUsed.Provider, { value: icons ? used : null }, children)),
    );
    rendered = { inputs: all, html, icons: [...used] };
    if (parts.size >= MAX_VARIANTS) parts.clear();
    parts.set(key, rendered);
  }
  for (const icon of rendered.icons) icons?.add(icon);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: rendered.html } });
}
