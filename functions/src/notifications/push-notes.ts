/**
 * The web push of a notification (push/): which preference kind it falls under, and what the
 * device shows. Kinds with no preference (likes, account notices) are never pushed.
 */
import type { PushNote } from '../ports/live';
import type { MemberCard } from '../members/schemas';
import type { PreferenceKind } from '../push/kinds';
import type { NotificationKind } from './schemas';

/** The fields of a notification (notify.ts's NotifyInput) its push is made from: named here so this file does not import notify.ts back. */
type NoteSource = { kind: NotificationKind; title: string; body: string; link: string | null; refId: string | null; eventId?: string };

/** The preference a notification kind falls under (absent: never pushed). */
export const PREFERENCE_OF: Partial<Record<NotificationKind, PreferenceKind>> = {
  'message.received': 'messages',
  'message.requested': 'messageRequests',
  'message.request_accepted': 'messageRequests',
  'connection.requested': 'connectionRequests',
  'connection.accepted': 'connectionAccepted',
  // A match connects the two: it follows the connectionAccepted preference (no kind of its own yet).
  'match.made': 'connectionAccepted',
  'post.mentioned': 'mentions',
  'comment.mentioned': 'mentions',
  'post.commented': 'replies',
  'comment.replied': 'replies',
  'session.requested': 'sessions',
  'session.booked': 'sessions',
  'session.confirmed': 'sessions',
  'session.declined': 'sessions',
  'session.cancelled': 'sessions',
  'session.rescheduled': 'sessions',
  'session.reminder': 'sessions',
  'session.no_show': 'sessions',
  // A session's review: asked of the guest once it ended, told to the host when written (reviews/).
  'review.requested': 'sessions',
  'review.received': 'sessions',
  // Someone joined through the member's invitation: a new person in their network, as an accepted request is.
  'invitation.joined': 'connectionAccepted',
  // New members matching a saved search (saved/new-matches.ts).
  'search.new_matches': 'savedSearches',
  // The weekly shortlist and a match's "Did you meet?" (shortlist/).
  'shortlist.weekly': 'introductions',
  'match.checkin': 'introductions',
};

/**
 * The push of a notification as stored, or undefined for kinds never pushed. A message's push
 * is named after its sender and tagged with its thread, so one conversation's pushes collapse.
 */
export function pushNoteOf(input: NoteSource, sender: MemberCard | null): PushNote | undefined {
  const kind = PREFERENCE_OF[input.kind];
  if (!kind) return undefined;
  const message = input.kind === 'message.received';
  return {
    kind,
    title: message && sender ? `Message from ${sender.name}` : input.title,
    body: input.body,
    url: input.link ?? '/notifications',
    tag: message ? `thread-${input.refId}` : `${input.kind}-${input.refId ?? input.eventId ?? 'notice'}`,
  };
}
