/**
 * The multipart body of POST /feed-post and PUT /feed-post/{id}: `post_by` always, then
 * `text`, `poll` as JSON (left out: an edit keeps the poll), `group` ('' for none), and the images as repeated `media` with their alt texts
 * as repeated `mediaAlt` in the same order.
 */
import { POLL_OPTION_MAX, POLL_QUESTION_MAX } from '@api/shared/feed-limits';
import { overLimitReason } from '../text/limits';

export interface PollDraft {
  question: string;
  options: string[];
  /** A local date-time from the form (`YYYY-MM-DDTHH:mm`) or '' for no closing time. */
  closesAt: string;
}

export interface PostDraft {
  text: string;
  poll: PollDraft | null;
  group: string | null;
  files: Array<{ file: Blob & { name?: string }; alt: string }>;
  /** Edits only: the new files replace the stored media. */
  replaceMedia?: boolean;
}

/** Why the poll can't be sent as it is (its question or an option over its limit), or null. */
export function pollOverLimit(poll: PollDraft | null): string | null {
  if (!poll) return null;
  const question = overLimitReason('poll question', poll.question.length, POLL_QUESTION_MAX);
  if (question) return question;
  for (const [index, option] of poll.options.entries()) {
    const reason = overLimitReason(`option ${index + 1}`, option.length, POLL_OPTION_MAX);
    if (reason) return reason;
  }
  return null;
}

/** The poll as the API reads it: trimmed, blank options dropped, closesAt as ISO; null when nothing is left. */
export function pollPayload(poll: PollDraft | null): { question?: string; options: string[]; closesAt?: string } | null {
  if (!poll) return null;
  const options = poll.options.map((option) => option.trim()).filter(Boolean);
  const question = poll.question.trim();
  if (options.length === 0 && !question) return null;
  const closes = poll.closesAt ? new Date(poll.closesAt) : null;
  return {
    ...(question ? { question } : {}),
    options,
    ...(closes && !Number.isNaN(closes.getTime()) ? { closesAt: closes.toISOString() } : {}),
  };
}

/** Whether the draft has something to post (text, a poll or media). */
export function draftIsEmpty(draft: PostDraft): boolean {
  return !draft.text.trim() && pollPayload(draft.poll) === null && draft.files.length === 0;
}

/** The multipart form of a draft, posted by `userId`. */
export function postForm(draft: PostDraft, userId: string): FormData {
  const form = new FormData();
  form.append('post_by', userId);
  form.append('text', draft.text.trim());
  const poll = pollPayload(draft.poll);
  if (poll) form.append('poll', JSON.stringify(poll));
  // Always sent: on an edit a missing group keeps the old one, and '' means no group.
  form.append('group', draft.group ?? '');
  for (const { file, alt } of draft.files) {
    form.append('media', file, file.name ?? 'upload');
    form.append('mediaAlt', alt.trim());
  }
  if (draft.replaceMedia) form.append('replaceMedia', 'true');
  return form;
}
