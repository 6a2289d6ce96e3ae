// The 404 page. It logs the requested path of a missing page, as the old site did; a warning, not
// an error, because Lighthouse's best-practices audit fails on console errors (docs/decisions.md,
// 'Not-found page'). On a static host without our server, an unknown service path still ends on the
// services overview (the server sends a 301).
/** Whether this 404 page stands for an unknown service page, which goes on to the overview. */
function isUnknownService(): boolean {
  return document.body.dataset.page === '404' && location.pathname.startsWith('/leistungen/');
}

export function initNotFound(root: ParentNode = document): void {
  const body = root instanceof Document ? root.body : document.body;
  if (body?.dataset.page !== '404') return;
  console.warn('404 – Seite nicht gefunden:', location.pathname);
  if (isUnknownService()) location.replace('/leistungen');
}
