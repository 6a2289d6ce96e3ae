// The 404 page. The spec logs the requested path of a missing page; a warning, not an error,
// because Lighthouse's best-practices audit fails on console errors. On a static host without our
// server, an unknown service path still ends on the services overview (the server sends a 301).
export function init(root: ParentNode = document): void {
  const body = root instanceof Document ? root.body : document.body;
  if (body?.dataset.page !== '404') return;
  console.warn('404 – Seite nicht gefunden:', location.pathname);
  if (location.pathname.startsWith('/leistungen/')) location.replace('/leistungen');
}
