/**
 * Reply drafts, one per comment: what a member typed in a reply box stays when they open
 * the reply box of another comment (only one is open at a time) and when the page reloads
 * (sessionStorage: this tab only, emptied at sign-out by ../storage.ts). A sent reply, or
 * Cancel, clears its draft. Without storage (private modes that refuse it) the drafts live
 * as long as the page.
 */

const PREFIX = 'reply-draft:';
const inPage = new Map<string, string>();

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The draft of a reply to `commentId`, or ''. */
export function readReplyDraft(commentId: string): string {
  try {
    return storage()?.getItem(PREFIX + commentId) ?? inPage.get(commentId) ?? '';
  } catch {
    return inPage.get(commentId) ?? '';
  }
}

/** Keeps `text` as the draft of a reply to `commentId`; blank text removes it. */
export function saveReplyDraft(commentId: string, text: string): void {
  if (!text.trim()) return clearReplyDraft(commentId);
  inPage.set(commentId, text);
  try {
    storage()?.setItem(PREFIX + commentId, text);
  } catch {
    // Storage full or refused: the draft still lives as long as the page.
  }
}

/** Forgets the draft of a reply to `commentId`. */
export function clearReplyDraft(commentId: string): void {
  inPage.delete(commentId);
  try {
    storage()?.removeItem(PREFIX + commentId);
  } catch {
    // Nothing to remove where storage is refused.
  }
}
