/**
 * Toasts: short messages in the top-centre region of the shell (ToastRegion.astro), just
 * under the sticky header so they never cover its links.
 * Framework-free so islands and plain scripts share it. Polite messages go to the
 * role="status" list, errors to the role="alert" list, so screen readers announce them.
 */

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastOptions {
  kind?: ToastKind;
  /** Milliseconds before it leaves by itself; 0 keeps it until closed. */
  duration?: number;
}

const DEFAULT_DURATION: Record<ToastKind, number> = { info: 5000, success: 5000, error: 8000 };
const REGION_ID = 'toast-region';

let followingHeader = false;

/**
 * Puts the region just under the site header's bottom edge (`--toast-top`): the header's
 * height changes (its menu opens, an admin's nav takes a second row, a banner sits above it
 * until the page scrolls), so it is measured while toasts are shown, not assumed.
 */
function placeBelowHeader(): void {
  const region = document.getElementById(REGION_ID);
  if (!region?.querySelector('.toast')) return;
  const header = document.querySelector('[data-site-header]');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  region.style.setProperty('--toast-top', `${Math.ceil(bottom)}px`);
  if (header) headerSize?.observe(header);
}

const headerSize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => placeBelowHeader());

/** Keeps the region under the header from the first toast on (once per page session). */
function followHeader(): void {
  placeBelowHeader();
  if (followingHeader) return;
  followingHeader = true;
  window.addEventListener('scroll', placeBelowHeader, { passive: true });
  window.addEventListener('resize', placeBelowHeader);
  // The client router brings a new header with each page.
  document.addEventListener('astro:after-swap', () => {
    headerSize?.disconnect();
    placeBelowHeader();
  });
}

/** The list a toast of this kind goes into; created when a page has no region (tests, bare pages). */
function listFor(kind: ToastKind): HTMLElement {
  let region = document.getElementById(REGION_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = REGION_ID;
    region.className = 'toast-region';
    region.innerHTML = '<div data-toast-list="polite" role="status" aria-live="polite"></div>' + '<div data-toast-list="alert" role="alert" aria-live="assertive"></div>';
    document.body.appendChild(region);
  }
  const list = region.querySelector<HTMLElement>(`[data-toast-list="${kind === 'error' ? 'alert' : 'polite'}"]`);
  return list ?? region;
}

/**
 * Shows a toast and returns a function that dismisses it.
 * The text is set as textContent, so any message (even member text) is shown, never parsed.
 */
export function toast(message: string, { kind = 'info', duration }: ToastOptions = {}): () => void {
  if (typeof document === 'undefined') return () => {};
  const item = document.createElement('div');
  item.className = 'toast';
  item.dataset.kind = kind;

  const text = document.createElement('p');
  text.className = 'toast-message';
  text.textContent = message;

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'icon-btn';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M6 6l12 12M18 6 6 18"/></svg>';

  item.appendChild(text);
  item.appendChild(close);
  listFor(kind).appendChild(item);
  followHeader();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = () => {
    clearTimeout(timer);
    if (!item.isConnected || item.dataset.leaving !== undefined) return;
    item.dataset.leaving = '';
    setTimeout(() => item.remove(), 180);
  };
  const ms = duration ?? DEFAULT_DURATION[kind];
  const start = () => {
    if (ms > 0) timer = setTimeout(dismiss, ms);
  };
  // Hovering or focusing a toast holds it, so nobody loses a message while reading it.
  item.addEventListener('mouseenter', () => clearTimeout(timer));
  item.addEventListener('mouseleave', start);
  item.addEventListener('focusin', () => clearTimeout(timer));
  item.addEventListener('focusout', start);
  close.addEventListener('click', dismiss);
  start();
  return dismiss;
}
