// The whole stylesheet is requested without blocking the first paint (media="print", see
// build/template-css.ts): the page's first screen is styled by the rules inline in its head, and
// this applies the rest as soon as the script runs. Without JavaScript, the <noscript> link beside
// it loads the stylesheet the ordinary way.
export function init(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) link.media = 'all';
}
