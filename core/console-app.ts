// The owner's console as an app on the phone's home screen (server/owner/push-files.ts): the
// addresses of its manifest, icons, script and service worker, which the console's frame
// (templates/layout/ConsoleShell.tsx) links and the server answers.
export const CONSOLE_APP_PATHS = {
  manifest: '/intern/manifest.webmanifest',
  icon192: '/intern/app-icon-192.png',
  icon512: '/intern/app-icon-512.png',
  maskable: '/intern/app-icon-maskable.png',
  script: '/intern/push.js',
  worker: '/intern/push-sw.js',
} as const;

/** What the app opens and what belongs to it. */
export const CONSOLE_APP_START = '/intern/nachrichten';
export const CONSOLE_APP_SCOPE = '/intern/';
