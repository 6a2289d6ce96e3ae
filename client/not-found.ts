// The spec logs the requested path of a missing page; a warning, not an error, because
// Lighthouse's best-practices audit fails on console errors.
export function init(root: ParentNode = document): void {
  const body = root instanceof Document ? root.body : document.body;
  if (body?.dataset.page === '404') console.warn('404 – Seite nicht gefunden:', location.pathname);
}
