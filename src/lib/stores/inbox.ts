/**
 * `$inbox`: the message store (docs/product.md#messages: `users` = the thread list, `unseenMessageCount`)
 * with its paging and the open thread, and its actions. Sending (./inbox-send.ts) shows the
 * message at once ("Sending…", then stored, or failed with Retry); deleting is optimistic and
 * rolled back with a toast. Live events reach `receive*` below through `inboxLive`
 * (src/lib/inbox/live.ts), which src/lib/live/wiring.ts subscribes on members' pages. The
 * header's unread badge reads `unseenMessageCount`; `inboxActions.refreshUnseen()` refetches it.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { MemberCard } from '@api/members/schemas';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { markDeleted, mergeMessages, oldestStoredId, pendingMatching, settlePending } from '../inbox/messages';
import { readThread, readThreads } from '../inbox/reads';
import { playPopAlert } from '../inbox/sound';
import { clearConversationNotifications } from '../push/device';
import {
  emptyInbox,
  listFromPage,
  openThreadState,
  stateFromInitial,
  withMessages,
  withOpen,
  withReadBy,
  withThread,
  withThreadAnswer,
  withThreadRead,
  type InitialInbox,
} from '../inbox/state';
import { applyIncoming, listAfterThreadUpdate } from '../inbox/threads';
import { appendNew } from '../lists';
import type { InboxState, Thread, ThreadFilter } from '../inbox/types';
import { inboxLiveHandlers } from '../inbox/live';
import type { LiveHandlers } from '../live/handlers';
import { toast, type ToastKind } from '../toast';
import { latestLoad } from './machinery/latest';
import { applyOptimistic, toastRefusal } from './machinery/optimistic';
import { createInboxSend } from './inbox-send';

export interface InboxDeps {
  store: WritableAtom<InboxState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
  now: () => string;
  /** Plays pop-alert (after its delay). */
  playSound: () => void;
  /** Whether the member is looking at this tab (a message in the open thread is read at once). */
  visible: () => boolean;
}

export const $inbox: WritableAtom<InboxState> = atom(emptyInbox());

/** The inbox actions over a store and a client (tests inject fakes). */
export function createInboxActions({ store, api, notify, now, playSound, visible }: InboxDeps) {
  let viewer: MemberCard | null = null;
  const listLoads = latestLoad();
  const openLoads = latestLoad();

  const get = () => store.get();
  const set = (next: InboxState) => store.set(next);
  const viewerId = () => viewer?._id ?? null;
  const { uploadAttachment, send, retry, discard, forgetDraft } = createInboxSend({ store, api, now, viewer: () => viewer });

  /** Starts from what /inbox rendered on the server. */
  function hydrate(initial: InitialInbox, member: MemberCard): void {
    viewer = member;
    listLoads.supersede();
    openLoads.supersede();
    set(stateFromInitial(initial, get().unseenMessageCount));
  }

  /** GET the unread message count; a failure keeps the figure shown (logged). */
  async function refreshUnseen(): Promise<number> {
    try {
      const answer = await data(api.connections.messages['unseen-count'].$get());
      if (answer && typeof answer.count === 'number') set({ ...get(), unseenMessageCount: answer.count });
    } catch (cause) {
      console.error('inbox: the unread count could not be refreshed', cause);
    }
    return get().unseenMessageCount;
  }

  /**
   * Loads the first page of `filter` (the list shows loading unless `quiet`: a quiet reload
   * keeps what is shown, puts page 1 first and keeps later pages loaded).
   */
  async function loadThreads(filter: ThreadFilter = get().filter, { quiet = false } = {}): Promise<void> {
    const latest = listLoads.start();
    if (!quiet) set({ ...get(), filter, status: 'loading', error: null, users: filter === get().filter ? get().users : [] });
    try {
      const page = await readThreads(api, 1, filter);
      if (!latest()) return;
      const list = listFromPage(page);
      const state = get();
      if (quiet && state.filter === filter && state.page > 1) set({ ...state, users: appendNew(page.data, state.users), total: page.total });
      else set({ ...state, ...list, filter });
    } catch (cause) {
      if (!latest()) return;
      if (quiet) console.error('inbox: the conversations could not be reloaded', cause);
      else set({ ...get(), filter, status: 'error', error: toAppError(cause).message });
    }
  }

  /** Appends the next page; a failure keeps the list and says so in a toast. */
  async function loadMore(): Promise<void> {
    const state = get();
    if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
    const latest = listLoads.follow();
    set({ ...state, loadingMore: true });
    try {
      const page = await readThreads(api, state.page + 1, state.filter);
      if (!latest()) return;
      const current = get();
      set({ ...current, users: appendNew(current.users, page.data), page: page.page, hasMore: page.page < page.pages, total: page.total, loadingMore: false });
    } catch (cause) {
      if (!latest()) return;
      set({ ...get(), loadingMore: false });
      notify(toAppError(cause).message, 'error');
    }
  }

  /** Opens a thread: GET its newest messages (which marks them read) and lowers the counts. */
  async function openThread(id: string, { quiet = false } = {}): Promise<void> {
    const latest = openLoads.start();
    const current = get().open;
    if (!quiet || current?.id !== id) set({ ...get(), open: current?.id === id && current.status === 'ready' ? current : openThreadState(id) });
    try {
      const answer = await readThread(api, id);
      if (!latest()) return;
      set(withThreadRead(withThread(withThreadAnswer(get(), id, answer), answer.thread), id, viewerId()));
      // Read here: this device's notifications of the conversation go away.
      clearConversationNotifications(id);
    } catch (cause) {
      if (!latest()) return;
      if (quiet && get().open?.status === 'ready') console.error('inbox: the conversation could not be refreshed', cause);
      else set(withOpen(get(), id, (open) => ({ ...open, status: 'error', error: toAppError(cause).message })));
    }
  }

  /** Closes the open thread (the narrow layout's Back). */
  function closeThread(): void {
    openLoads.supersede();
    set({ ...get(), open: null });
  }

  /** Loads the messages before the oldest shown; a failure is shown above them. */
  async function loadOlder(): Promise<void> {
    const open = get().open;
    const before = open && oldestStoredId(open.messages);
    if (open?.status !== 'ready' || !open.hasMore || open.loadingOlder || !before) return;
    set(withOpen(get(), open.id, (entry) => ({ ...entry, loadingOlder: true, olderError: null })));
    try {
      const older = await readThread(api, open.id, { before });
      set(withOpen(get(), open.id, (entry) => ({ ...entry, messages: mergeMessages(entry.messages, older.messages), hasMore: older.hasMore, loadingOlder: false })));
    } catch (cause) {
      set(withOpen(get(), open.id, (entry) => ({ ...entry, loadingOlder: false, olderError: toAppError(cause).message })));
    }
  }

  /** Deletes one's own message: shown deleted at once, put back with a toast when refused. */
  async function deleteMessage(threadId: string, messageId: string): Promise<void> {
    // Exactly what the deletion changes (the message and the quotes of it), to put back.
    const touched = (get().open?.messages ?? []).filter((message) => message._id === messageId || message.replyTo?._id === messageId);
    const snapshot = new Map(touched.map((message) => [message._id, message]));
    await applyOptimistic({
      change: () => set(withMessages(get(), threadId, (messages) => markDeleted(messages, messageId))),
      request: () => data(api.connections.deleteMessage[':messageId'].$delete({ param: { messageId: encodeURIComponent(messageId) } })),
      settle: (answer) => {
        if (answer?.thread) set(withThread(get(), answer.thread));
      },
      rollback: () => set(withMessages(get(), threadId, (messages) => messages.map((message) => snapshot.get(message._id) ?? message))),
      onRefused: toastRefusal(notify),
    });
  }

  /** Marks the open thread read on the server (GET its newest message) when it has unread ones. */
  async function markOpenRead(): Promise<void> {
    const open = get().open;
    const entry = open && get().users.find((thread) => thread._id === open.id);
    const unread = (entry?.unreadCount ?? 0) > 0 || (open?.thread?.unreadCount ?? 0) > 0 || open?.messages.some((message) => message.to === viewerId() && !message.read);
    if (open?.status !== 'ready' || !unread) return;
    set(withThreadRead(get(), open.id, viewerId()));
    try {
      await readThread(api, open.id, { limit: 1 });
      clearConversationNotifications(open.id);
    } catch (cause) {
      console.error('inbox: the conversation could not be marked read', cause);
    }
  }

  /** Live `notification` New Message: docs/product.md#messages (list, sound, count), plus the open thread. */
  function receiveMessage(thread: Thread): void {
    const state = get();
    const listed = state.status === 'ready' || state.status === 'loading';
    const result = listed ? applyIncoming(state.users, thread, viewerId()) : { users: state.users, raiseBy: 1, playSound: thread.unreadCount <= 1 };
    let next: InboxState = { ...state, users: result.users, unseenMessageCount: state.unseenMessageCount + result.raiseBy };
    const latest = thread.latestMessage;
    if (latest && state.open?.id === thread._id)
      next = withThread(
        withMessages(next, thread._id, (messages) => mergeMessages(messages, [latest])),
        thread,
      );
    set(next);
    if (result.playSound) playSound();
    if (state.open?.id === thread._id && state.open.status === 'ready' && visible()) void markOpenRead();
  }

  /** Live `thread`: own messages from other tabs, reads elsewhere, deletions by either member. */
  function receiveThread(thread: Thread, removedMessageId?: string): void {
    const state = get();
    const users = listAfterThreadUpdate(state.users, thread, { removal: Boolean(removedMessageId), listsAll: state.status === 'ready' && state.filter === 'all' });
    let next: InboxState = withThread({ ...state, users }, thread);
    const latest = thread.latestMessage;
    if (removedMessageId) next = withMessages(next, thread._id, (messages) => markDeleted(messages, removedMessageId));
    else if (latest && !latest.deleted) {
      // Sent from this tab and announced before the send's answer: the stand-in becomes it now.
      const stand = viewer && latest.authorProfile._id === viewer._id ? pendingMatching(next.open?.id === thread._id ? next.open.messages : [], latest) : null;
      if (stand) forgetDraft(stand._id);
      next = withMessages(next, thread._id, (messages) => (stand ? settlePending(messages, stand._id, latest) : mergeMessages(messages, [latest])));
    }
    set(next);
  }

  /** Live `read`: the other member read the thread (the own messages to them show Seen). */
  function receiveRead(threadId: string, readBy: string): void {
    set(withReadBy(get(), threadId, readBy));
  }

  /** Live `counts`: the unread message count set elsewhere. */
  function receiveCounts(unseenMessages: number | undefined): void {
    if (typeof unseenMessages === 'number') set({ ...get(), unseenMessageCount: unseenMessages });
  }

  /** After the live connection comes back: what was missed (page 1, the count, the open thread). */
  /** The thread list and the open thread again, quietly, when they are shown. */
  function shownTasks(): Promise<unknown>[] {
    const state = get();
    const tasks: Promise<unknown>[] = [];
    if (state.status === 'ready') tasks.push(loadThreads(state.filter, { quiet: true }));
    if (state.open?.status === 'ready') tasks.push(openThread(state.open.id, { quiet: true }));
    return tasks;
  }

  async function resync(): Promise<void> {
    await Promise.all([refreshUnseen(), ...shownTasks()]);
  }

  async function resyncShown(): Promise<void> {
    await Promise.all(shownTasks());
  }

  return {
    hydrate,
    refreshUnseen,
    loadThreads,
    loadMore,
    openThread,
    closeThread,
    loadOlder,
    uploadAttachment,
    send,
    retry,
    discard,
    deleteMessage,
    markOpenRead,
    receiveMessage,
    receiveThread,
    receiveRead,
    receiveCounts,
    resync,
    resyncShown,
  };
}

export type InboxActions = ReturnType<typeof createInboxActions>;

/** The app's inbox actions, on `$inbox`, over the session proxy. */
export const inboxActions: InboxActions = createInboxActions({
  store: $inbox,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
  now: () => new Date().toISOString(),
  playSound: () => playPopAlert(),
  visible: () => typeof document !== 'undefined' && document.visibilityState === 'visible',
});

/** How `$inbox` answers the live connection (subscribed by src/lib/live/wiring.ts). */
export const inboxLive: LiveHandlers = inboxLiveHandlers(inboxActions);
