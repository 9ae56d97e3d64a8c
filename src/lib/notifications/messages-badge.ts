/**
 * Keeps the header's unread-messages badge live on every member page: it shows
 * `$inbox.unseenMessageCount`, which follows the live connection here (a new message makes
 * it ask the server for the figure, `counts` sets it, a reconnect asks again) and the figure
 * each server-rendered page brings. The inbox store does the thread list; this only counts.
 */
import { NEW_MESSAGE_TITLE } from '@api/live/events';
import { session } from '../api/client';
import { onLive, onLiveReconnect } from '../live/client';
import { $inbox } from '../stores/inbox';
import { renderedMessagesCount, updateMessagesBadge } from './badge';

/** New messages often come in bursts: one count request for a burst. */
const REFRESH_DELAY_MS = 250;

let bound = false;
/** Bumped by every figure set from an event; an answer asked for before it is out of date. */
let ticket = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function setCount(count: number): void {
  ticket += 1;
  if ($inbox.get().unseenMessageCount !== count) $inbox.set({ ...$inbox.get(), unseenMessageCount: count });
}

async function refresh(): Promise<void> {
  const asked = ticket;
  try {
    const answer = await session<{ count: number }>('connections/messages/unseen-count');
    if (asked === ticket && typeof answer?.count === 'number') setCount(answer.count);
  } catch (cause) {
    console.error('messages badge: the unread count could not be refreshed', cause);
  }
}

function scheduleRefresh(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void refresh(), REFRESH_DELAY_MS);
}

/** Starts following the count (once per page session) and takes this page's server figure. */
export function bindMessagesBadge(): void {
  const rendered = renderedMessagesCount();
  if (rendered !== null) setCount(rendered);
  if (bound) return;
  bound = true;
  $inbox.subscribe((state) => updateMessagesBadge(state.unseenMessageCount));
  onLive('notification', (event) => {
    if (event.title === NEW_MESSAGE_TITLE) scheduleRefresh();
  });
  onLive('counts', (event) => {
    if (typeof event.unseenMessages === 'number') setCount(event.unseenMessages);
  });
  onLiveReconnect(() => void refresh());
}
