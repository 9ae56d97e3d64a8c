/**
 * /sitemap.xml: the home page, the public directory (/founders, /advisors) and the topic
 * pages of the newest public posts' hashtags (GET /directory/tags), every public profile
 * whose member allows search indexing (GET /profiles/sitemap) and the newest public posts
 * (GET /feed/sitemap), as absolute
 * URLs on the configured site, 50,000 at most. Cached briefly: a new post or an opted-out
 * profile shows within minutes. When the API cannot answer either list, 503 tells
 * crawlers to come back rather than a sitemap with pages missing.
 */
import type { APIRoute } from 'astro';
import { loadPostSitemapEntries } from '../lib/feed/server';
import { siteSitemapXml } from '../lib/feed/post-seo';
import { loadSitemapEntries } from '../lib/profiles/server';
import { DIRECTORY_PATHS, topicHref } from '../lib/directory/links';
import { loadSitemapTopics } from '../lib/directory/server';
import { appConfig } from '../lib/server/app-config';
import { requestContext } from '../lib/server/request-context';

/** Seconds browsers and caches may keep the sitemap. */
const MAX_AGE = 300;

export const GET: APIRoute = async (context) => {
  const { siteUrl } = appConfig(context.url);
  const options = { clientIp: requestContext(context).clientIp };
  const [profiles, posts, topics] = await Promise.all([loadSitemapEntries(options), loadPostSitemapEntries(options), loadSitemapTopics(options)]);
  if (!profiles.ok || !posts.ok || !topics.ok) {
    return new Response('The sitemap is unavailable for a moment.\n', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '300', 'cache-control': 'no-store' },
    });
  }
  const listings = [
    { path: DIRECTORY_PATHS.founder },
    { path: DIRECTORY_PATHS.advisor },
    ...topics.entries.map((entry) => ({ path: topicHref(entry.tag), updatedAt: entry.updatedAt })),
  ];
  return new Response(siteSitemapXml(siteUrl, profiles.entries, posts.entries, listings), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': `public, max-age=${MAX_AGE}` },
  });
};
