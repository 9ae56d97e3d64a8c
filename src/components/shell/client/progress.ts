/**
 * The route progress bar: starts when the client router begins preparing a page and
 * finishes once the new page is swapped in. A short delay keeps instant navigations
 * from flashing a bar; CSS handles prefers-reduced-motion.
 */
const SHOW_AFTER_MS = 80;

export function initRouteProgress(): void {
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  const bar = () => document.querySelector<HTMLElement>('[data-route-progress]');

  const start = () => {
    clearTimeout(showTimer);
    showTimer = setTimeout(() => {
      const el = bar();
      if (!el) return;
      // Restart from zero even if a previous run is still fading out.
      el.removeAttribute('data-state');
      void el.offsetWidth;
      el.dataset.state = 'running';
    }, SHOW_AFTER_MS);
  };
  const finish = () => {
    clearTimeout(showTimer);
    const el = bar();
    if (el?.dataset.state === 'running') el.dataset.state = 'done';
  };

  document.addEventListener('astro:before-preparation', (event) => {
    start();
    // A failed or aborted load never swaps: finish anyway when the loader settles.
    const prep = event as Event & { loader: () => Promise<void> };
    const original = prep.loader;
    prep.loader = async () => {
      try {
        await original();
      } catch (error) {
        finish();
        throw error;
      }
    };
  });
  document.addEventListener('astro:after-swap', finish);
  document.addEventListener('astro:page-load', finish);
}
