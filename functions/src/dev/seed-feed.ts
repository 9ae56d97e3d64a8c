/**
 * Adds the demo feed (demo-feed.ts) once, to a fresh demo database or to one seeded
 * before the feed existed: group pins, a poll with votes, a mention, hashtags, likes,
 * comments and replies, with every counter computed from the rows. One batch, marker
 * first, so a second call or a race leaves exactly one copy.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { appMeta, feedComments, feedHashtags, feedLikes, feedMentions, feedPollOptions, feedPolls, feedPollVotes, feedPosts, feedReplies, users } from '../db/schema';
import { runBatch, type BatchStatement } from '../db/batch';
import { hashtagsOf, mentionIdsOf, postSlug } from '../feed/tags';
import { DEMO_MEMBERS, DEMO_POSTS } from './demo-data';
import { DEMO_COMMENTS, DEMO_FEED_POSTS, DEMO_LIKES } from './demo-feed';
import { hasMarker } from './markers';

export const FEED_SEEDED_KEY = 'demo_feed_seeded';

const ago = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

/** `@{email}` → `@[First Last](<user id>)`. */
function withMentions(text: string, userIdByEmail: Map<string, string>): string {
  return text.replace(/@\{([^}]+)\}/g, (_, email: string) => {
    const member = DEMO_MEMBERS.find((candidate) => candidate.email === email)!;
    return `@[${member.firstName} ${member.lastName}](${userIdByEmail.get(email)})`;
  });
}

/** The statements of the demo feed, given the demo users and the ids of DEMO_POSTS. */
function feedStatements(deps: Pick<Deps, 'db'>, userIdByEmail: Map<string, string>, mainIds: string[], now: Date): BatchStatement[] {
  const at = now.toISOString();
  const user = (email: string) => userIdByEmail.get(email)!;
  const postIdByKey = new Map(mainIds.map((id, index) => [`main:${index}`, id]));
  const createdAtById = new Map(mainIds.map((id, index) => [id, ago(now, DEMO_POSTS[index]!.hoursAgo)]));
  const textById = new Map(mainIds.map((id, index) => [id, DEMO_POSTS[index]!.text]));
  const posts = DEMO_FEED_POSTS.map((demo) => {
    const id = newId();
    const createdAt = ago(now, demo.hoursAgo);
    const text = withMentions(demo.text, userIdByEmail);
    postIdByKey.set(demo.key, id);
    createdAtById.set(id, createdAt);
    textById.set(id, text);
    const pinned = demo.pinned ?? false;
    return {
      id,
      slug: postSlug(text),
      authorUserId: user(demo.author),
      text,
      groupName: demo.group,
      isPinned: pinned,
      pinnedAt: pinned ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const allIds = [...textById.keys()];
  const statements: BatchStatement[] = [
    deps.db.insert(appMeta).values({ key: FEED_SEEDED_KEY, value: at }),
    deps.db.insert(feedPosts).values(posts),
    sql`UPDATE feed_posts SET pinned_at = created_at WHERE is_pinned = 1 AND pinned_at IS NULL AND id IN (SELECT value FROM json_each(${JSON.stringify(mainIds)}))`,
    deps.db
      .insert(feedHashtags)
      .values(allIds.flatMap((postId) => hashtagsOf(textById.get(postId)!).map((tag) => ({ tag, postId, createdAt: createdAtById.get(postId)! }))))
      .onConflictDoNothing(),
  ];
  const mentions = allIds.flatMap((postId) => mentionIdsOf(textById.get(postId)!).map((userId) => ({ postId, userId, commentId: '', createdAt: createdAtById.get(postId)! })));
  if (mentions.length > 0) statements.push(deps.db.insert(feedMentions).values(mentions).onConflictDoNothing());
  for (const demo of DEMO_FEED_POSTS.filter((candidate) => candidate.poll)) {
    const poll = demo.poll!;
    const pollId = newId();
    const optionIds = poll.options.map(() => newId());
    statements.push(
      deps.db.insert(feedPolls).values({ id: pollId, postId: postIdByKey.get(demo.key)!, question: poll.question, closesAt: null, createdAt: at }),
      deps.db.insert(feedPollOptions).values(poll.options.map((label, position) => ({ id: optionIds[position]!, pollId, position, label }))),
      deps.db.insert(feedPollVotes).values(Object.entries(poll.votes).map(([email, option]) => ({ pollId, userId: user(email), optionId: optionIds[option]!, createdAt: at }))),
    );
  }
  const likes = Object.entries(DEMO_LIKES).flatMap(([key, emails]) => emails.map((email) => ({ postId: postIdByKey.get(key)!, userId: user(email), createdAt: at })));
  statements.push(deps.db.insert(feedLikes).values(likes).onConflictDoNothing());
  for (const demo of DEMO_COMMENTS) {
    const commentId = newId();
    const postId = postIdByKey.get(demo.post)!;
    const createdAt = ago(now, demo.hoursAgo);
    statements.push(deps.db.insert(feedComments).values({ id: commentId, postId, authorUserId: user(demo.author), text: demo.text, createdAt, updatedAt: createdAt }));
    for (const reply of demo.replies ?? []) {
      const replyAt = ago(now, reply.hoursAgo);
      statements.push(
        deps.db.insert(feedReplies).values({ id: newId(), commentId, postId, authorUserId: user(reply.author), text: reply.text, createdAt: replyAt, updatedAt: replyAt }),
      );
    }
  }
  const ids = JSON.stringify(allIds);
  statements.push(
    sql`UPDATE feed_comments SET reply_count = (SELECT count(*) FROM feed_replies r WHERE r.comment_id = feed_comments.id)
      WHERE post_id IN (SELECT value FROM json_each(${ids}))`,
    sql`UPDATE feed_poll_options SET vote_count = (SELECT count(*) FROM feed_poll_votes v WHERE v.option_id = feed_poll_options.id)
      WHERE poll_id IN (SELECT id FROM feed_polls WHERE post_id IN (SELECT value FROM json_each(${ids})))`,
    sql`UPDATE feed_posts SET
        like_count = (SELECT count(*) FROM feed_likes l WHERE l.post_id = feed_posts.id),
        comment_count = (SELECT count(*) FROM feed_comments c WHERE c.post_id = feed_posts.id) + (SELECT count(*) FROM feed_replies r WHERE r.post_id = feed_posts.id)
      WHERE id IN (SELECT value FROM json_each(${ids}))`,
  );
  return statements;
}

/** Seeds the demo feed unless its marker is present or the demo members and posts were changed by hand. */
export async function seedMissingFeed(deps: Deps): Promise<void> {
  const marker = () => hasMarker(deps, FEED_SEEDED_KEY);
  if (await marker()) return;
  const emails = DEMO_MEMBERS.map((member) => member.email);
  const found = await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  if (found.length !== emails.length) return;
  const userIdByEmail = new Map(found.map((row) => [row.email, row.id]));
  const mainIds: string[] = [];
  for (const demo of DEMO_POSTS) {
    const [row] = await deps.db.all<{ id: string }>(sql`
      SELECT id FROM feed_posts WHERE author_user_id = ${userIdByEmail.get(demo.author)!} AND text = ${demo.text} ORDER BY created_at LIMIT 1`);
    if (!row) return;
    mainIds.push(row.id);
  }
  try {
    await runBatch(deps.db, feedStatements(deps, userIdByEmail, mainIds, deps.clock.now()));
  } catch (error) {
    if (!(await marker())) throw error;
  }
}
