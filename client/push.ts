// The button "Benachrichtigungen auf diesem Gerät einschalten" of the owner's console
// (/intern/benachrichtigungen, server/owner/views/push-view.tsx): registers the service worker
// (client/push-sw.ts, scope /intern/), subscribes to Web Push with the server's VAPID key and sends
// the subscription to the console. Served only to the console (server/owner/push-files.ts); its
// words come from the markup's data attributes (data/console.yaml, push).
const root = document.querySelector<HTMLElement>('[data-push-setup]');

/** The VAPID key as the bytes pushManager.subscribe() takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

function say(status: HTMLElement, text: string | undefined, kind: 'info' | 'error'): void {
  status.textContent = text ?? '';
  // An empty notice would still show its coloured box.
  status.hidden = !text;
  status.dataset.kind = kind;
  status.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

async function subscribe(element: HTMLElement, status: HTMLElement): Promise<void> {
  const { words = '{}', publicKey = '', api = '', worker = '', scope = '' } = element.dataset;
  const text = JSON.parse(words) as Record<string, string>;
  say(status, text.working, 'info');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return say(status, text.denied, 'error');
  const registration = await navigator.serviceWorker.register(worker, { scope });
  await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made under an earlier key pair (`npm run owner:push-keys -- --new`) would be refused by the
  // push service for every push the server now signs: made anew under the server's key.
  if (subscription !== null && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const answer = await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(subscription.toJSON()), credentials: 'same-origin' });
  if (!answer.ok) return say(status, text.failed, 'error');
  say(status, text.enabled, 'info');
  // The list of devices below is the server's: show it with this one.
  setTimeout(() => location.reload(), 1_500);
}

if (root) {
  const status = root.querySelector<HTMLElement>('[data-push-status]')!;
  const button = root.querySelector<HTMLButtonElement>('[data-push-enable]')!;
  const text = JSON.parse(root.dataset.words ?? '{}') as Record<string, string>;
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    say(status, text.unsupported, 'error');
  } else {
    say(status, '', 'info');
    button.hidden = false;
    button.addEventListener('click', () => {
      button.disabled = true;
      subscribe(root, status)
        .catch(() => say(status, text.failed, 'error'))
        .finally(() => (button.disabled = false));
    });
  }
}
