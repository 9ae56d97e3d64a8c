/**
 * /sitemap.xml: the home page and every public profile whose member allows search
 * indexing (GET /profiles/sitemap), as absolute URLs on the configured site. Cached
 * briefly: a new or opted-out profile shows within minutes. When the API cannot answer,
 * 503 tells crawlers to come back rather than a sitemap with the profiles missing.
 */
import type { APIRoute } from 'astro';
import { loadSitemapEntries } from '../lib/profiles/server';
import { sitemapXml } from '../lib/profiles/seo';
import { appConfig } from '../lib/server/app-config';
import { requestContext } from '../lib/server/request-context';

/** Seconds browsers and caches may keep the sitemap. */
const MAX_AGE = 300;

export const GET: APIRoute = async (context) => {
  const { siteUrl } = appConfig(context.url);
  const load = await loadSitemapEntries({ clientIp: requestContext(context).clientIp });
  if (!load.ok) {
    return new Response('The sitemap is unavailable for a moment.\n', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '300', 'cache-control': 'no-store' },
    });
  }
  return new Response(sitemapXml(siteUrl, load.entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': `public, max-age=${MAX_AGE}` },
  });
};
