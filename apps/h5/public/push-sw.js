/* global self */
/**
 * Web push in the app's service worker (imported by the generated sw.js, see vite.pwa.ts).
 * The server sends `{id, kind, title, body, url}` already written in the user's language; this
 * shows it, and a tap focuses the app (or opens it) at the notification centre.
 */
const CENTRE = '/h5/#/pages/notifications/index';

/** Only the app's own pages open from a notification. */
const openUrl = (url) =>
  new URL(typeof url === 'string' && url.startsWith('/h5/') ? url : CENTRE, self.location.origin)
    .href;

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : ' ';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/h5/pwa-192x192.png',
      badge: '/h5/pwa-192x192.png',
      // One notification per stored one: a repeated delivery replaces, never doubles.
      tag: message.id ? `hx-${message.id}` : undefined,
      data: { url: openUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = openUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const app = windows.find((client) => new URL(client.url).pathname.startsWith('/h5/'));
      if (app) {
        const focused = await app.focus();
        // Only a window this worker controls can be sent elsewhere; others just come forward.
        if (focused && 'navigate' in focused) await focused.navigate(url).catch(() => {});
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
