/**
 * The public profiles a sitemap lists: onboarded members who did not opt out of search
 * indexing and have no deletion pending, at most one sitemap file's worth (50,000 addresses).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { isListed } from '../members/listed';
import type { SitemapEntry } from '../profiles/schemas';

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_MAX_ENTRIES = 50_000;

/** Most recently updated first, so a cut at the limit keeps the freshest profiles. */
export async function sitemapEntries(deps: Pick<Deps, 'db'>, max = SITEMAP_MAX_ENTRIES): Promise<SitemapEntry[]> {
  const listed = isListed(sql.raw('u.id'));
  return deps.db.all<SitemapEntry>(sql`
    SELECT memberType, slug, updatedAt FROM (
      SELECT 'founder' AS memberType, f.slug AS slug, f.updated_at AS updatedAt
      FROM users u JOIN founders f ON f.user_id = u.id
      WHERE u.onboarded = 1 AND u.search_indexing = 1 AND u.member_type = 'founder' AND ${listed}
      UNION ALL
      SELECT 'advisor', a.slug, a.updated_at
      FROM users u JOIN advisors a ON a.user_id = u.id
      WHERE u.onboarded = 1 AND u.search_indexing = 1 AND u.member_type = 'advisor' AND ${listed})
    ORDER BY updatedAt DESC, slug LIMIT ${max}`);
}
