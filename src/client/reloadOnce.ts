// After a redeploy, a visitor holding an old page asks for chunks that no longer exist. Reloading the target
// URL fetches the new page with its new chunks. A marker in sessionStorage (the URL we reloaded for) makes
// sure this happens once: if the fresh page fails too, the failure message shows instead of a reload loop.
const KEY = 'storefront-reloaded-for';

/** Reloads the current URL unless that was just tried; returns whether a reload is under way. */
export function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(KEY) === location.href) {
      sessionStorage.removeItem(KEY);
      return false;
    }
    sessionStorage.setItem(KEY, location.href);
  } catch {
    return false; // no storage (privacy mode): without the marker a reload could loop, so do not reload
  }
  location.reload();
  return true;
}

/** A load worked: a later failure (another deploy) may reload again. */
export function loadSucceeded(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear without storage
  }
}
