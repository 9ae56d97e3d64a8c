/**
 * What a post's text tags: hashtags (`#` + 1–50 letters, digits or `_`, not all digits,
 * stored lowercase) and mentions (`@[Display Name](<24-hex user id>)`, stored when the
 * member exists and no block stands between them and the author). Plus the post's slug.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { blockedEitherWay } from '../members/blocks';
import { slugify } from '../users/slugs';
import { HASHTAG_MAX, MENTION_TOKEN as MENTION } from '../shared/feed-limits';

const HASHTAG = new RegExp(`(^|[^\\p{L}\\p{N}_&/#])#([\\p{L}\\p{N}_]{1,${HASHTAG_MAX}})(?![\\p{L}\\p{N}_])`, 'gu');
/** More distinct tags than these in one post are read as plain text. */
export const HASHTAGS_MAX = 30;
export const POST_MENTIONS_MAX = 20;

/** The distinct hashtags of a text, lowercase and without `#`, in order of appearance. */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG)) {
    const tag = match[2]!.toLowerCase();
    if (/^\d+$/.test(tag)) continue;
    tags.add(tag);
    if (tags.size >= HASHTAGS_MAX) break;
  }
  return [...tags];
}

/** The distinct user ids tagged in a text, in order of appearance. */
export function mentionIdsOf(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    ids.add(match[2]!);
    if (ids.size >= POST_MENTIONS_MAX) break;
  }
  return [...ids];
}

/** A hashtag as a filter value: `#Climate` → `climate`; null when it cannot be a tag. */
export function normalHashtag(value: string): string | null {
  const tag = value.trim().replace(/^#/, '').toLowerCase();
  return hashtagsOf(`#${tag}`)[0] === tag ? tag : null;
}

/** The tagged members of a text worth storing: they exist and no block stands between them and the author. */
export async function storableMentionIds(deps: Pick<Deps, 'db'>, authorId: string, text: string): Promise<string[]> {
  const ids = mentionIdsOf(text);
  if (ids.length === 0) return [];
  const rows = await deps.db.all<{ id: string }>(sql`
    SELECT u.id FROM users u
    WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
      AND NOT ${blockedEitherWay(authorId, sql`u.id`)}`);
  const kept = new Set(rows.map((row) => row.id));
  return ids.filter((id) => kept.has(id));
}

/** A readable, unique post slug: the first six words of the text (or `post`) and a random suffix. */
export function postSlug(text: string): string {
  const plain = text.replace(MENTION, '$1');
  const words = slugify(plain).split('-').filter(Boolean).slice(0, 6).join('-').slice(0, 60).replace(/-+$/, '');
  return `${words || 'post'}-${newId().slice(0, 6)}`;
}
