/**
 * Runs a callback once for every page shown: the first load and each client-side
 * navigation. `astro:page-load` fires for both; the guard keeps a stray second event
 * (e.g. an in-page hash move) from counting the same page twice.
 */
export function onEachPage(callback: () => void): void {
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
