/**
 * Server-side reads of the visitor pages through the API binding (no token: every answer is
 * what any visitor sees): a directory page with its city links (one call), a topic page, the home's
 * highlights and the sitemap's topics. Each answers a small union the page switches on.
 */
import type { DirectoryCities, Highlights, TopicPage } from '@api/directory/schemas';
import type { ProfileSummary } from '@api/profiles/schemas';
import type { CappedPage } from '@api/db/paging';
import { data } from '../api/client';
import type { AppError } from '../errors';
import type { MemberType } from '../members/types';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import type { DirectoryFilters } from './links';

export type DirectoryLoad = { ok: true; results: CappedPage<ProfileSummary>; cities: DirectoryCities['data'] } | { ok: false; error: AppError; cities: DirectoryCities['data'] };

/**
 * One directory page with its city links, in one call (the page's answer carries them). Only
 * when the page cannot be answered are the city links asked for alone, so the filters still offer them.
 */
export async function loadDirectory(memberType: MemberType, filters: DirectoryFilters, page: number, options: ServerCallOptions): Promise<DirectoryLoad> {
  const client = serverClient(options).directory;
  const query = { ...filters, page: String(page) };
  const results = await outcome(data(memberType === 'founder' ? client.founders.$get({ query }) : client.advisors.$get({ query })));
  if (results.ok) {
    const { cities, ...found } = results.data;
    return { ok: true, results: found, cities };
  }
  const cities = await outcome(data(client.cities.$get({ query: { memberType } })));
  return { ok: false, error: results.error, cities: cities.ok ? cities.data.data : [] };
}

export type TopicLoad = { status: 'found'; topic: TopicPage } | { status: 'not-found' } | { status: 'error'; error: AppError };

/** One page of a hashtag's public posts; a tag that cannot be a hashtag is not found. */
export async function loadTopic(tag: string, page: number, options: ServerCallOptions): Promise<TopicLoad> {
  const result = await outcome(data(serverClient(options).directory.tags[':tag'].$get({ param: { tag }, query: { page: String(page) } })));
  if (result.ok) return { status: 'found', topic: result.data };
  return result.error.status === 400 ? { status: 'not-found' } : { status: 'error', error: result.error };
}

/** The visitor home's figures, advisors and posts; null when the API cannot answer (the home still renders). */
export async function loadHighlights(options: ServerCallOptions): Promise<Highlights | null> {
  const result = await outcome(data(serverClient(options).directory.highlights.$get()));
  return result.ok ? result.data : null;
}

/** The hashtags the sitemap lists. */
export async function loadSitemapTopics(options: ServerCallOptions): Promise<{ ok: true; entries: { tag: string; updatedAt: string }[] } | { ok: false; error: AppError }> {
  const result = await outcome(data(serverClient(options).directory.tags.$get()));
  return result.ok ? { ok: true, entries: result.data.data } : { ok: false, error: result.error };
}
