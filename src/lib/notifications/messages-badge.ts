/**
 * Keeps the header's unread-messages badge live on every member page: it shows
 * `$inbox.unseenMessageCount`, which the live connection keeps current (src/lib/live/wiring.ts
 * calls this on each page); each server-rendered page brings a fresh figure.
 */
import { $inbox } from '../stores/inbox';
import { renderedMessagesCount, updateMessagesBadge } from './badge';

let bound = false;

/** Starts following the count (once per page session) and takes this page's server figure. */
export function bindMessagesBadge(): void {
  const rendered = renderedMessagesCount();
  if (rendered !== null && rendered !== $inbox.get().unseenMessageCount) $inbox.set({ ...$inbox.get(), unseenMessageCount: rendered });
  if (bound) return;
  bound = true;
  $inbox.subscribe((state) => updateMessagesBadge(state.unseenMessageCount));
}
