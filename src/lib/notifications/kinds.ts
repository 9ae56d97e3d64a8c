/** How each kind of notification reads on screen: a short label and its icon's name. */
import type { NotificationKind } from './types';

export type KindIconName = 'person-plus' | 'people' | 'heart' | 'comment' | 'at' | 'message' | 'star' | 'shield';

const NOTIFICATION_KIND_DISPLAY: Readonly<Record<NotificationKind, { label: string; icon: KindIconName }>> = {
  'connection.requested': { label: 'Connection request', icon: 'person-plus' },
  'connection.accepted': { label: 'New connection', icon: 'people' },
  'post.liked': { label: 'Like', icon: 'heart' },
  'post.commented': { label: 'Comment', icon: 'comment' },
  'comment.replied': { label: 'Reply', icon: 'comment' },
  'post.mentioned': { label: 'Mention', icon: 'at' },
  'comment.mentioned': { label: 'Mention', icon: 'at' },
  'message.received': { label: 'Message', icon: 'message' },
  'message.requested': { label: 'Message request', icon: 'message' },
  'message.request_accepted': { label: 'Request accepted', icon: 'message' },
  'account.premium': { label: 'Premium', icon: 'star' },
  'account.changed': { label: 'Account', icon: 'shield' },
  'review.requested': { label: 'Review your session', icon: 'star' },
  'review.received': { label: 'New review', icon: 'star' },
  'session.requested': { label: 'Session request', icon: 'people' },
  'session.booked': { label: 'Session booked', icon: 'people' },
  'session.confirmed': { label: 'Session confirmed', icon: 'people' },
  'session.declined': { label: 'Session declined', icon: 'people' },
  'session.cancelled': { label: 'Session cancelled', icon: 'people' },
  'session.rescheduled': { label: 'Session moved', icon: 'people' },
  'session.reminder': { label: 'Session reminder', icon: 'people' },
  'session.no_show': { label: 'Missed session', icon: 'people' },
  'invitation.joined': { label: 'Invitation', icon: 'person-plus' },
  'match.made': { label: 'Match', icon: 'people' },
  'search.new_matches': { label: 'Saved search', icon: 'person-plus' },
  'shortlist.weekly': { label: 'Weekly shortlist', icon: 'star' },
  'match.checkin': { label: 'How did it go?', icon: 'people' },
  'verification.withdrawn': { label: 'Verification', icon: 'shield' },
};

/** The display of a kind; an unknown one (a newer server) reads as a plain notice. */
export function kindDisplay(kind: string): { label: string; icon: KindIconName } {
  return NOTIFICATION_KIND_DISPLAY[kind as NotificationKind] ?? { label: 'Notice', icon: 'shield' };
}

/** Where a notification leads: its own app path, or the notifications page. Only same-site paths are followed. */
export function notificationHref(link: string | null): string {
  return link?.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}
