/**
 * The reported things as the queue shows them: who is behind each (the member, or the author
 * of the post, comment, reply or message) and its content, read in one query per kind. A
 * message is read from the mailbox of the member who reported it: only its receiver can
 * (reports/service.ts), and their mailbox holds their copy of it.
 */
import { inArray, sql } from 'drizzle-orm';
import { feedPostMedia } from '../db/schema';
import type { Deps } from '../deps';
import type { Target } from './decisions';

/** A reported thing's content as the queue shows it; null when it no longer exists. */
export type TargetContent =
  | { kind: 'member' }
  | { kind: 'post'; text: string; slug: string; media: { url: string; mime: string; alt: string | null }[]; createdAt: string }
  | { kind: 'comment'; text: string; postSlug: string; createdAt: string }
  | { kind: 'message'; body: string; createdAt: string }
  | { kind: 'review'; rating: number; text: string; hostSlug: string | null; hostType: 'founder' | 'advisor' | null; createdAt: string };

export type TargetInfo = { memberId: string; content: TargetContent };

type Row = { id: string; member_id: string; text: string; slug: string | null; created_at: string };
type ReviewRow = Row & { rating: number; host_type: 'founder' | 'advisor' | null };

/** The map key of a thing in `describeTargets`' answer. */
export const targetKey = (target: Target) => `${target.type}:${target.id}`;

type TargetDeps = Pick<Deps, 'db' | 'inbox'>;

/**
 * The member behind a thing: its author while it exists, then the author its first report's
 * snapshot names (reports/snapshots.ts), so deleting it does not shield them from a warning.
 * Undefined when neither knows.
 */
export async function memberBehind(deps: TargetDeps, target: Target): Promise<string | undefined> {
  const live = (await describeTargets(deps, [target])).get(targetKey(target))?.memberId;
  if (live) return live;
  const [reported] = await deps.db.all<{ author_id: string }>(sql`SELECT s.author_id FROM report_snapshots s JOIN reports r ON r.id = s.report_id
    WHERE r.target_type = ${target.type} AND r.target_id = ${target.id} ORDER BY r.created_at LIMIT 1`);
  return reported?.author_id;
}

/** Who is behind each thing and what it says, by `type:id`; things that are gone are left out. */
export async function describeTargets(deps: TargetDeps, targets: readonly Target[]): Promise<Map<string, TargetInfo>> {
  const idsOf = (type: Target['type']) => [...new Set(targets.filter((target) => target.type === type).map((target) => target.id))];
  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const read = (ids: string[], query: (ids: ReturnType<typeof list>) => ReturnType<typeof sql>) => (ids.length ? deps.db.all<Row>(query(list(ids))) : Promise.resolve([] as Row[]));
  const [members, posts, comments, messages, reviews] = await Promise.all([
    read(idsOf('member'), (ids) => sql`SELECT id, id AS member_id, '' AS text, NULL AS slug, created_at FROM users WHERE id IN (${ids})`),
    read(idsOf('post'), (ids) => sql`SELECT id, author_user_id AS member_id, text, slug, created_at FROM feed_posts WHERE id IN (${ids})`),
    read(
      idsOf('comment'),
      (ids) => sql`SELECT c.id, c.author_user_id AS member_id, c.text, p.slug, c.created_at FROM feed_comments c JOIN feed_posts p ON p.id = c.post_id WHERE c.id IN (${ids})
        UNION ALL SELECT r.id, r.author_user_id AS member_id, r.text, p.slug, r.created_at FROM feed_replies r JOIN feed_posts p ON p.id = r.post_id WHERE r.id IN (${ids})`,
    ),
    read(idsOf('message'), (ids) => sql`SELECT DISTINCT target_id AS id, reporter_id AS member_id FROM reports WHERE target_type = 'message' AND target_id IN (${ids})`).then(
      (reporters) => reportedMessages(deps, reporters),
    ),
    // A review while it shows: once hidden by a decision it is gone like a removed post.
    read(
      idsOf('review'),
      (ids) => sql`SELECT r.id, r.guest_id AS member_id, r.text, r.rating, r.created_at, COALESCE(a.slug, f.slug) AS slug, u.member_type AS host_type
        FROM session_reviews r JOIN users u ON u.id = r.host_id LEFT JOIN advisors a ON a.user_id = r.host_id LEFT JOIN founders f ON f.user_id = r.host_id
        WHERE r.id IN (${ids}) AND r.hidden_at IS NULL`,
    ) as Promise<ReviewRow[]>,
  ]);
  const postIds = posts.map((row) => row.id);
  const media = postIds.length
    ? await deps.db
        .select({ postId: feedPostMedia.postId, key: feedPostMedia.r2Key, mime: feedPostMedia.mime, alt: feedPostMedia.alt })
        .from(feedPostMedia)
        .where(inArray(feedPostMedia.postId, postIds))
        .orderBy(feedPostMedia.position)
    : [];
  const found = new Map<string, TargetInfo>();
  for (const row of members) found.set(`member:${row.id}`, { memberId: row.member_id, content: { kind: 'member' } });
  for (const row of posts) {
    const items = media.filter((item) => item.postId === row.id).map((item) => ({ url: item.key, mime: item.mime, alt: item.alt }));
    found.set(`post:${row.id}`, { memberId: row.member_id, content: { kind: 'post', text: row.text, slug: row.slug!, media: items, createdAt: row.created_at } });
  }
  for (const row of comments)
    found.set(`comment:${row.id}`, { memberId: row.member_id, content: { kind: 'comment', text: row.text, postSlug: row.slug!, createdAt: row.created_at } });
  for (const row of reviews)
    found.set(`review:${row.id}`, {
      memberId: row.member_id,
      content: { kind: 'review', rating: row.rating, text: row.text, hostSlug: row.slug, hostType: row.host_type, createdAt: row.created_at },
    });
  for (const row of messages) found.set(`message:${row.id}`, { memberId: row.member_id, content: { kind: 'message', body: row.text, createdAt: row.created_at } });
  return found;
}

/** The messages, from their reporters' mailboxes (one call each), that are still there and not deleted by their author. */
async function reportedMessages(deps: TargetDeps, reporters: Array<Pick<Row, 'id' | 'member_id'>>): Promise<Row[]> {
  const copies = await Promise.all(
    reporters.map(async ({ id, member_id: reporterId }): Promise<Row | null> => {
      const message = await deps.inbox.of(reporterId).message(id);
      return message && message.deleted_at === null ? { id, member_id: message.author_id, text: message.body, slug: null, created_at: message.created_at } : null;
    }),
  );
  return copies.filter((row): row is Row => row !== null);
}
