/**
 * Runs a callback once for every page shown: the first load and each client-side
 * navigation. `astro:page-load` fires for both; the guard keeps a stray second event
 * from counting the same page twice. On a page without the client router (the pages whose
 * address carries a code, see Base.astro) the window's load event stands in.
 */
export function onEachPage(callback: () => void): void {
  const routerEnabled = document.querySelector('meta[name="astro-view-transitions-enabled"]') !== null;
  if (!routerEnabled) {
    if (document.readyState === 'complete') callback();
    else addEventListener('load', callback, { once: true });
    return;
  }
  let pending = true;
  document.addEventListener('astro:after-swap', () => {
    pending = true;
  });
  document.addEventListener('astro:page-load', () => {
    if (!pending) return;
    pending = false;
    callback();
  });
}
