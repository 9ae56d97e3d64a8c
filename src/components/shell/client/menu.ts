/**
 * The compact header menu on narrow screens: open/close, Escape, outside click. Opening it
 * moves the focus to its first link: the menu comes before the toggle in the page, so Tab
 * from the toggle would otherwise leave it behind.
 */

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
      const opening = !header()?.hasAttribute('data-menu-open');
      setOpen(opening);
      if (opening) document.querySelector<HTMLElement>('#site-nav :is(a, button)')?.focus();
    } else if (header()?.hasAttribute('data-menu-open') && !target?.closest?.('#site-nav')) {
      setOpen(false);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && header()?.hasAttribute('data-menu-open')) setOpen(false, true);
  });
}
