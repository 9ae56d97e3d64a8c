/**
 * /robots.txt: crawlers may read everything public (profiles included) but not the
 * endpoints and member-only or admin screens, and learn where the sitemap is. Built from
 * the configured site URL, so the Sitemap line names the real host.
 */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/profiles/seo';
import { appConfig } from '../lib/server/app-config';

export const GET: APIRoute = (context) =>
  new Response(robotsTxt(appConfig(context.url).siteUrl), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
