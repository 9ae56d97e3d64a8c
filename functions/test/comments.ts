/**
 * Helpers for the comment tests: posts stored straight in D1 (the comment routes need a
 * post, not the post routes), comment and reply calls, and the stored counters.
 */
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { bodyOf, call } from './api';
import { db } from '../src/db/client';
import { newId } from '../src/db/ids';

type Member = { user: { id: string }; jwt: string };

/** A post by `author`, stored directly; its id. */
export async function storedPost(author: Pick<Member, 'user'>, text = 'A post to comment on'): Promise<string> {
  const id = newId();
  const at = new Date().toISOString();
  await db(env).run(sql`
    INSERT INTO feed_posts (id, slug, author_user_id, text, created_at, updated_at)
    VALUES (${id}, ${`post-${id}`}, ${author.user.id}, ${text}, ${at}, ${at})`);
  return id;
}

/** A comment or reply route called with a JSON body as `member` (or signed out). */
export function commentCall(method: 'POST' | 'PUT' | 'DELETE', path: '' | '/reply', body: unknown, member?: Pick<Member, 'jwt'>) {
  return call(method, `/feed/comments${path}`, body, member ? { token: member.jwt } : {});
}

/** `member` comments on a post; the comment (fails the test when refused). */
export async function commentOn(postId: string, member: Member, text = 'Nice post!') {
  const response = await commentCall('POST', '', { postId, text }, member);
  if (response.status !== 201) throw new Error(`comment answered ${response.status}: ${await response.text()}`);
  return bodyOf(response);
}

/** `member` replies to a comment; the reply (fails the test when refused). */
export async function replyTo(commentId: string, member: Member, text = 'Agreed.') {
  const response = await commentCall('POST', '/reply', { commentId, text }, member);
  if (response.status !== 201) throw new Error(`reply answered ${response.status}: ${await response.text()}`);
  return bodyOf(response);
}

/** The stored counters of a post and of each of its comments. */
export async function countersOf(postId: string): Promise<{ post: number; comments: Record<string, number> }> {
  const database = db(env);
  const [post] = await database.all<{ comment_count: number }>(sql`SELECT comment_count FROM feed_posts WHERE id = ${postId}`);
  const rows = await database.all<{ id: string; reply_count: number }>(sql`SELECT id, reply_count FROM feed_comments WHERE post_id = ${postId}`);
  return { post: post!.comment_count, comments: Object.fromEntries(rows.map((row) => [row.id, row.reply_count])) };
}

/** The stored mentions of a post: `userId@commentId` strings, sorted. */
export async function mentionRows(postId: string): Promise<string[]> {
  const rows = await db(env).all<{ user_id: string; comment_id: string }>(sql`SELECT user_id, comment_id FROM feed_mentions WHERE post_id = ${postId}`);
  return rows.map((row) => `${row.user_id}@${row.comment_id}`).sort();
}
