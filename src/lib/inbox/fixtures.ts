/** Test fixtures: members, messages and threads with only what a test changes spelled out. */
import type { MemberCard } from '@api/members/schemas';
import type { ChatMessage, Message, Thread } from './types';

/** A member card with id `id`. */
export function card(id: string, name = `Member ${id}`): MemberCard {
  return { _id: id, memberType: 'founder', name, tagline: null, slug: `member-${id}`, avatar: null, banner: null, profileId: `p${id}`, premium: false };
}

/** A message from `from` to `to` at minute `minute` of 2026-03-03 (UTC). */
export function message(id: string, from: string, to: string, minute = 0, extra: Partial<ChatMessage> = {}): ChatMessage {
  const createdAt = new Date(Date.UTC(2026, 2, 3, 12, minute)).toISOString();
  return { _id: id, connection: 't1', body: `text ${id}`, read: false, authorProfile: card(from), createdAt, replyTo: null, mediaFiles: [], to, deleted: false, ...extra };
}

/** A thread `id` as viewer `viewer` sees it with `other`. */
export function thread(id: string, viewer: string, other: string, latest: Message | null, extra: Partial<Thread> = {}): Thread {
  return {
    _id: id,
    status: 'accepted',
    message: latest?.body ?? '',
    updatedAt: latest?.createdAt ?? '2026-03-01T00:00:00.000Z',
    receiver: card(other),
    latestMessage: latest,
    unreadCount: latest && latest.to === viewer && !latest.read ? 1 : 0,
    canWrite: true,
    ...extra,
  };
}
