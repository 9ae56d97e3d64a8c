/**
 * The inbox's sending, composed into `createInboxActions` (./inbox.ts): a message shows in
 * the open thread at once as "Sending…", then becomes the stored message or fails with Retry.
 * It keeps what each message on its way was, so Retry can send it again.
 */
import type { WritableAtom } from 'nanostores';
import type { MemberCard } from '@api/members/schemas';
import { data, sendForm, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { settlePending, withPendingState } from '../inbox/messages';
import { draftIsEmpty, messageForm, pendingMessage, type MessageDraft } from '../inbox/pending';
import { withMessages, withThread } from '../inbox/state';
import { placeOnTop } from '../inbox/threads';
import type { Attachment, InboxState } from '../inbox/types';

export interface InboxSendDeps {
  store: WritableAtom<InboxState>;
  api: ApiClient;
  now: () => string;
  /** The signed-in member, the author of what is sent (null before the inbox is hydrated). */
  viewer: () => MemberCard | null;
}

/** The sending actions over the inbox's store and client. */
export function createInboxSend({ store, api, now, viewer }: InboxSendDeps) {
  let pendingCount = 0;
  /** What each message on its way was, for Retry. */
  const drafts = new Map<string, { draft: MessageDraft; threadId: string; to: string }>();

  const get = () => store.get();
  const set = (next: InboxState) => store.set(next);

  /** POST /upload/attachment with progress (0–100): the stored, still unsent attachment. */
  function uploadAttachment(file: File, onProgress: (percent: number) => void): Promise<Attachment> {
    const form = new FormData();
    form.set('file', file);
    return data(sendForm(api.upload.attachment.$post, {}, form, onProgress));
  }

  async function deliver(pendingId: string): Promise<void> {
    const entry = drafts.get(pendingId);
    if (!entry) return;
    try {
      const sent = await data(sendForm(api.connections.messages.$post, {}, messageForm(entry.draft, entry)));
      drafts.delete(pendingId);
      const state = withMessages(get(), entry.threadId, (messages) => settlePending(messages, pendingId, sent.message));
      set(withThread({ ...state, users: placeOnTop(state.users, sent.thread) }, sent.thread));
    } catch (cause) {
      set(withMessages(get(), entry.threadId, (messages) => withPendingState(messages, pendingId, 'failed', toAppError(cause).message)));
    }
  }

  /** Sends the draft to the open thread: shown at once as "Sending…". False when there is nothing to send. */
  function send(draft: MessageDraft): boolean {
    const open = get().open;
    const author = viewer();
    if (!open?.thread || !author || draftIsEmpty(draft)) return false;
    const pendingId = `pending-${++pendingCount}`;
    const target = { threadId: open.id, to: open.thread.receiver._id };
    drafts.set(pendingId, { draft, ...target });
    const stand = pendingMessage(pendingId, draft, { ...target, author, now: now() });
    set(withMessages(get(), open.id, (messages) => [...messages, stand]));
    void deliver(pendingId);
    return true;
  }

  /** Sends a failed message again. */
  function retry(pendingId: string): void {
    const entry = drafts.get(pendingId);
    if (!entry) return;
    set(withMessages(get(), entry.threadId, (messages) => withPendingState(messages, pendingId, 'sending')));
    void deliver(pendingId);
  }

  /** Drops a failed message that will not be sent. */
  function discard(pendingId: string): void {
    const entry = drafts.get(pendingId);
    drafts.delete(pendingId);
    if (entry) set(withMessages(get(), entry.threadId, (messages) => messages.filter((message) => message._id !== pendingId)));
  }

  /** Forgets a message on its way that arrived by another road (announced live before the send's answer). */
  function forgetDraft(pendingId: string): void {
    drafts.delete(pendingId);
  }

  return { uploadAttachment, send, retry, discard, forgetDraft };
}
