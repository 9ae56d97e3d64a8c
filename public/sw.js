// FounderMesh's service worker: shows web pushes, opens the right screen on a click, clears a
// conversation's notifications once it is read in any tab, and serves a friendly offline page.
// Kept small and hand-written; registered by the shell after the page has loaded.
const CACHE = 'foundermesh-shell-v1';
const OFFLINE_URL = '/offline';
const SHELL = [OFFLINE_URL, '/favicon.svg', '/icon-192.png', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Pages always come from the network (they are per member); offline, the friendly page.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});

/** Only same-origin paths are opened: a push names a screen of this site, nothing else. */
function sameOriginPath(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : '/notifications';
  } catch {
    return '/notifications';
  }
}

async function show(payload) {
  if (payload.type === 'clear') return clearTag(payload.tag);
  await self.registration.showNotification(payload.title || 'FounderMesh', {
    body: payload.body || '',
    tag: payload.tag,
    renotify: Boolean(payload.tag),
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: sameOriginPath(payload.url || '/notifications') },
  });
}

async function clearTag(tag) {
  if (!tag) return;
  const shown = await self.registration.getNotifications({ tag });
  for (const notification of shown) notification.close();
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: 'FounderMesh', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(show(payload));
});

// Focuses a tab already on that screen, else any tab of the site (navigated there), else a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const target = new URL(path, self.location.origin).href;
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const any = windows[0];
      if (any && 'navigate' in any) return any.navigate(target).then((client) => (client || any).focus());
      return self.clients.openWindow(target);
    }),
  );
});

// A page read a conversation: its notifications go away on this device.
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'clear') event.waitUntil(clearTag(data.tag));
});
