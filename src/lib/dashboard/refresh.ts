/**
 * Refreshes the dashboard's cards in place (docs/product.md#the-dashboard): the server renders
 * them again at `/dashboard/cards` (one GET /dashboard, the same component as the first
 * paint) and the container's content is swapped, so the cards have one template and the
 * browser ships no renderer. Calls that arrive while one runs make one more run after it.
 * Focus stays on the same control when it is still there, else on the cards' heading.
 */

/** The element that holds the cards; the refresh does nothing on pages without it. */
export const CARDS_SELECTOR = '[data-dashboard-cards]';
/** Where the cards are rendered alone (src/pages/dashboard/cards.astro). */
export const CARDS_PATH = '/dashboard/cards';

let running: Promise<void> | null = null;
let again = false;

/** The key that finds a control again in the new content: its own id or its `data-focus-key`. */
function focusKey(element: Element | null, container: Element): string | null {
  if (!element || !container.contains(element)) return null;
  return element.id ? `#${CSS.escape(element.id)}` : element.getAttribute('data-focus-key') ? `[data-focus-key="${CSS.escape(element.getAttribute('data-focus-key')!)}"]` : '';
}

/** Swaps the container's content for `html`'s container, keeping focus where it can. */
export function swapCards(container: Element, html: string): void {
  const fresh = new DOMParser().parseFromString(html, 'text/html').querySelector(CARDS_SELECTOR);
  if (!fresh || fresh.innerHTML === container.innerHTML) return;
  const key = focusKey(document.activeElement, container);
  container.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)));
  if (key === null) return;
  const target = (key && container.querySelector<HTMLElement>(key)) || document.querySelector<HTMLElement>('[data-dashboard-heading]');
  target?.focus();
}

async function refreshOnce(): Promise<void> {
  const container = document.querySelector(CARDS_SELECTOR);
  if (!container) return;
  const response = await fetch(CARDS_PATH, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  // Signed out or failing: the cards keep what they show; the next event tries again.
  if (!response.ok || response.redirected) return;
  swapCards(container, await response.text());
}

/** Renders the cards again, once more after a run if asked meanwhile. */
export function refreshDashboard(): Promise<void> {
  if (typeof document === 'undefined' || !document.querySelector(CARDS_SELECTOR)) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await refreshOnce();
      } catch (cause) {
        console.error('dashboard: the cards could not be refreshed', cause);
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
