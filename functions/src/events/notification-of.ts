/**
 * What each domain event tells its subject: the notification's kind, title, body, link
 * and what it is about, from one read of the actor's name and the texts involved.
 * Titles and bodies are plain text (the app escapes them).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { NOTIFICATION_LINKS } from '../notifications/links';
import type { Notice } from '../notifications/deliver';
import type { DomainEvent } from './types';

/** Bodies quote at most this many characters of a post, comment or reply. */
export const SNIPPET_MAX = 140;

/** A text on one line, mention tokens as `@Name`, cut at a word to SNIPPET_MAX characters with `…`. */
export function snippetOf(text: string | null | undefined, max = SNIPPET_MAX): string {
  const plain = (text ?? '')
    .replace(/@\[([^\]\n]{1,100})\]\(([0-9a-fA-F]{24})\)/g, '@$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}

type Facts = MemberCardRow & { slug: string | null; post_text: string | null; comment_text: string | null; reply_text: string | null; note: string | null };

const ids = (event: DomainEvent) => ({
  post: 'postId' in event ? event.postId : null,
  comment: 'commentId' in event ? event.commentId : null,
  reply: 'replyId' in event ? event.replyId : null,
  connection: 'connectionId' in event ? event.connectionId : null,
});

/** The actor's card and the texts the event names, in one query (null when the actor is gone). */
async function factsOf(deps: Pick<Deps, 'db'>, event: DomainEvent): Promise<Facts | null> {
  const id = ids(event);
  const [row] = await deps.db.all<Facts>(sql`
    SELECT ${MEMBER_CARD_COLUMNS},
      (SELECT slug FROM feed_posts WHERE id = ${id.post}) AS slug,
      (SELECT text FROM feed_posts WHERE id = ${id.post}) AS post_text,
      (SELECT text FROM feed_comments WHERE id = ${id.comment}) AS comment_text,
      (SELECT text FROM feed_replies WHERE id = ${id.reply}) AS reply_text,
      (SELECT note FROM connections WHERE id = ${id.connection}) AS note
    FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${event.actorId}`);
  return row ?? null;
}

/**
 * The notification an event makes for its subject, or null when there is nothing to
 * tell (the actor, post or comment is gone, or the actor is the subject).
 */
export async function notificationOf(deps: Pick<Deps, 'db'>, event: DomainEvent, eventId: string): Promise<Notice | null> {
  if (event.actorId === event.subjectId) return null;
  const facts = await factsOf(deps, event);
  if (!facts) return null;
  const name = toMemberCard(facts).name || 'A member';
  const base = { userId: event.subjectId, senderId: event.actorId, eventId };
  const postLink = facts.slug ? NOTIFICATION_LINKS.post(facts.slug) : null;
  const postSnippet = snippetOf(facts.post_text);
  switch (event.type) {
    case 'connection.requested':
      return {
        ...base,
        kind: event.type,
        title: 'New connection request',
        body: snippetOf(facts.note) || `${name} wants to connect`,
        link: NOTIFICATION_LINKS.requests,
        refId: event.connectionId,
      };
    case 'connection.accepted':
      return {
        ...base,
        kind: event.type,
        title: `${name} accepted your request`,
        body: 'You are now connected. Say hello!',
        link: NOTIFICATION_LINKS.connections,
        refId: event.connectionId,
      };
    case 'post.liked':
      if (!postLink) return null;
      // Likes on one post collapse into the unseen notification (like, unlike, like again is one).
      return { ...base, kind: event.type, title: `${name} liked your post`, body: postSnippet || 'Your post', link: postLink, refId: event.postId, collapse: true };
    case 'post.mentioned':
      if (!postLink) return null;
      // Publishing a post and then notify-tagged-users tell a member once.
      return { ...base, kind: event.type, title: `${name} mentioned you in a post`, body: postSnippet || 'A post', link: postLink, refId: event.postId, collapse: true };
    case 'post.commented':
      if (!postLink || facts.comment_text === null) return null;
      return { ...base, kind: event.type, title: `${name} commented on your post`, body: snippetOf(facts.comment_text) || 'A comment', link: postLink, refId: event.commentId };
    case 'comment.replied':
      if (!postLink || facts.reply_text === null) return null;
      return { ...base, kind: event.type, title: `${name} replied to your comment`, body: snippetOf(facts.reply_text) || 'A reply', link: postLink, refId: event.replyId };
    case 'comment.mentioned': {
      const text = event.replyId ? facts.reply_text : facts.comment_text;
      if (!postLink || text === null) return null;
      const where = event.replyId ? 'a reply' : 'a comment';
      return {
        ...base,
        kind: event.type,
        title: `${name} mentioned you in ${where}`,
        body: snippetOf(text) || 'A comment',
        link: postLink,
        refId: event.replyId ?? event.commentId,
      };
    }
  }
}
