// An earlier version of the site may have installed a service worker that would keep serving stale pages.
// This site has none, so any registration found is removed.
export function unregisterServiceWorkers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => undefined);
}
