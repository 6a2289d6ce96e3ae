// Visitor logging (docs/api.md, 'Visitor log'), only after 'Alle akzeptieren'; before that nothing
// goes to /api/log at all. Reading screen size and time zone and keeping a session id access the
// device (§ 25 TDDDG), and a script that reports paths and clicks on its own is tracking the
// visitor did not ask for. Page views without consent are counted by the server itself from the
// page requests it answers (server/visits/counts.ts), which touches nothing on the device. The old
// site's ip-log call fired on start without consent (docs/decisions.md, 'Nothing from the browser
// before consent').
import { consent } from './consent.ts';
import { heldClicks } from './held-clicks.ts';

let started = false;
let lastPath = '';

function warn(error: unknown): void {
  console.warn('Visitor logging failed; the page is not affected.', error);
}

function post(endpoint: string, body: object): void {
  fetch(`/api/log/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    cache: 'no-store',
  }).then((res) => res.ok || warn(`/api/log/${endpoint} answered ${res.status}`), warn);
}

function sessionId(): string {
  let id = sessionStorage.getItem('visitor-session');
  if (!id) sessionStorage.setItem('visitor-session', (id = crypto.randomUUID()));
  return id;
}

const consented = (): boolean => consent() === 'all';

function log(): void {
  lastPath = location.pathname;
  if (!consented()) return;
  post('ip', { path: lastPath });
  try {
    post('visit', {
      // Without the query string: it may carry what a visitor typed into a form.
      pageUrl: location.origin + lastPath,
      screenResolution: `${screen.width}x${screen.height}`,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      sessionId: sessionId(),
    });
  } catch (error) {
    warn(error);
  }
}

// History changes that keep the path (the drawer's #menu, a hash link) are not page views.
function logNewPath(): void {
  if (location.pathname !== lastPath) log();
}

function beacon(endpoint: string, body?: string): void {
  try {
    navigator.sendBeacon(`/api/log/${endpoint}`, body);
  } catch (error) {
    warn(error);
  }
}

function onLoggedClick(event: MouseEvent): void {
  if (event.target instanceof Element) logClickOn(event.target);
}

function logClickOn(target: Element): void {
  if (!consented()) return;
  const kind = target.closest('a[href^="tel:"]') ? 'call' : target.closest('[data-track="whatsapp"]') ? 'whatsapp' : null;
  if (kind) beacon('click', JSON.stringify({ path: location.pathname, kind }));
}

export function initVisits(_root: ParentNode = document): void {
  if (started) return;
  started = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      logNewPath();
    };
  }
  addEventListener('popstate', logNewPath);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && log());
  addEventListener('pagehide', () => {
    if (!consented()) return;
    beacon('ip', JSON.stringify({ path: location.pathname }));
    beacon('visit');
  });
  // Capture phase: the drawer and the gallery stop some clicks from bubbling.
  document.addEventListener('click', onLoggedClick, { capture: true });
  log();
  // Clicks made before this script ran (client/boot.ts).
  for (const target of heldClicks()) logClickOn(target);
}
