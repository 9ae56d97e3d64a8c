/** The compact header menu on narrow screens: open/close, Escape, outside click. */

function header(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-site-header]');
}

function setOpen(open: boolean, focusToggle = false): void {
  const el = header();
  const toggle = el?.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  if (!el || !toggle) return;
  el.toggleAttribute('data-menu-open', open);
  toggle.setAttribute('aria-expanded', String(open));
  if (focusToggle) toggle.focus();
}

export function initMenu(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (target?.closest?.('[data-menu-toggle]')) {
      setOpen(!header()?.hasAttribute('data-menu-open'));
    } else if (header()?.hasAttribute('data-menu-open') && !target?.closest?.('#site-nav')) {
      setOpen(false);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && header()?.hasAttribute('data-menu-open')) setOpen(false, true);
  });
}
