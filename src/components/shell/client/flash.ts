/** Shows a server-side flash (<div data-flash="…" data-flash-kind="…">) as a toast, once. */
import { toast, type ToastKind } from '../../../lib/toast';

const KINDS: readonly ToastKind[] = ['success', 'error', 'info'];

export function showFlashes(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-flash]')) {
    const message = el.dataset.flash?.trim();
    const kind = KINDS.find((k) => k === el.dataset.flashKind) ?? 'info';
    el.removeAttribute('data-flash');
    if (message) toast(message, { kind });
  }
}
