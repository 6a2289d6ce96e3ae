// The service worker of the owner's console (/intern/push-sw.js, scope /intern/): shows each push
// the server sends (server/push/send.ts: title, body, url, tag) and opens its console page when
// the owner taps it, in a console window already open where there is one.
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The parts of ServiceWorkerGlobalScope used here (the project's TypeScript checks against the DOM's types). */
interface WorkerScope {
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
}
interface WorkerEvent {
  waitUntil(promise: Promise<unknown>): void;
  data?: { json(): unknown } | null;
  notification?: Notification & { data?: unknown; close(): void };
}

const worker = self as unknown as WorkerScope;
const ICON = '/intern/app-icon-192.png';

/** The payload, or null when it is not ours. */
export function payloadOf(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || !url.startsWith('/intern/')) return null;
  return { title, body, url, tag: typeof tag === 'string' ? tag : url };
}

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = payloadOf(event.data?.json());
  } catch {
    payload = null;
  }
  if (payload === null) return;
  event.waitUntil(worker.registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, icon: ICON, badge: ICON, lang: 'de', data: { url: payload.url } }));
});

worker.addEventListener('notificationclick', (event) => {
  const notification = event.notification!;
  notification.close();
  const url = new URL((notification.data as { url?: string } | undefined)?.url ?? '/intern/nachrichten', worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((window) => new URL(window.url).pathname.startsWith('/intern/'));
      if (open) return open.navigate(url).then(() => open.focus());
      return worker.clients.openWindow(url);
    }),
  );
});
