/**
 * Server-side reads of the profile pages through the API binding (serverClient): a public
 * profile (which records a view when the viewer's token goes with it), the viewer's
 * profile views, and the sitemap's entries. Each answers a small union the page switches on.
 */
import type { ProfileDetails, ProfileViews, SitemapEntry, ViewedProfiles } from '@api/profiles/schemas';
import { data } from '../api/client';
import type { AppError } from '../errors';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';

/** Slugs are lowercase ASCII words joined by '-' (functions/src/users/slugs.ts). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 120;

/** Whether `slug` could be a profile's slug (anything else is a 404 without asking the API). */
export function isProfileSlug(slug: string | undefined): slug is string {
  return typeof slug === 'string' && slug.length <= SLUG_MAX && SLUG.test(slug);
}

export type ProfileLoad = { status: 'found'; profile: ProfileDetails } | { status: 'not-found' } | { status: 'error'; error: AppError };

/**
 * GET /founder/profile?slug or GET /advisor/profile?slug. With the viewer's token the API
 * records the view (never one's own). 404, and a profile of the other type, read as not found.
 */
export async function loadProfile(memberType: ProfileDetails['memberType'], slug: string, options: ServerCallOptions): Promise<ProfileLoad> {
  if (!isProfileSlug(slug)) return { status: 'not-found' };
  const result = await outcome(data(serverClient(options)[memberType].profile.$get({ query: { slug } })));
  if (result.ok) {
    return result.data?.memberType === memberType ? { status: 'found', profile: result.data } : { status: 'not-found' };
  }
  return result.error.status === 404 ? { status: 'not-found' } : { status: 'error', error: result.error };
}

/** How many rows the views screen asks for: a premium member's 90 days, in one page. */
const VIEWS_LIMIT = 100;

export type ViewsTab = 'viewers' | 'viewed';

export type ViewsLoad = { tab: 'viewers'; ok: true; data: ProfileViews } | { tab: 'viewed'; ok: true; data: ViewedProfiles } | { tab: ViewsTab; ok: false; error: AppError };

/** GET /profile/views (who viewed me) or GET /profile/viewed (whom I viewed), for the chosen tab. */
export async function loadViews(tab: ViewsTab, options: ServerCallOptions, limit = VIEWS_LIMIT): Promise<ViewsLoad> {
  const query = { limit: String(limit) };
  const profile = serverClient(options).profile;
  if (tab === 'viewers') {
    const result = await outcome(data(profile.views.$get({ query })));
    return result.ok ? { tab, ok: true, data: result.data } : { tab, ok: false, error: result.error };
  }
  const result = await outcome(data(profile.viewed.$get({ query })));
  return result.ok ? { tab, ok: true, data: result.data } : { tab, ok: false, error: result.error };
}

/** GET /profiles/sitemap: the indexable profiles, or the error (the sitemap then answers 503). */
export async function loadSitemapEntries(options: ServerCallOptions): Promise<{ ok: true; entries: SitemapEntry[] } | { ok: false; error: AppError }> {
  const result = await outcome(data(serverClient(options).profiles.sitemap.$get()));
  return result.ok ? { ok: true, entries: result.data?.data ?? [] } : { ok: false, error: result.error };
}
