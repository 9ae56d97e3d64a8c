import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../server/fake-api';
import { advisorDetails, founderDetails } from './profile-view-fixtures';
import { isProfileSlug, loadProfile, loadSitemapEntries, loadViews } from './server';

vi.mock('cloudflare:workers', () => ({ env: {} }));

const apiError = (status: number, message: string) => Response.json({ message, status, data: null }, { status });

describe('isProfileSlug', () => {
  it('accepts lowercase words joined by hyphens and nothing else', () => {
    expect(isProfileSlug('ada-lovelace-2')).toBe(true);
    for (const slug of ['', 'Ada', 'ada--lovelace', '-ada', 'ada-', 'ada lovelace', '../admin', 'a'.repeat(121), undefined]) {
      expect(isProfileSlug(slug)).toBe(false);
    }
  });
});

describe('loadProfile', () => {
  it('asks the API for the slug with the viewer’s token and address, so the view is recorded', async () => {
    const api = createFakeApi(() => Response.json(founderDetails()));
    const load = await loadProfile('founder', 'ada-lovelace', { token: 'jwt', clientIp: '10.0.0.1', fetchApi: api.fetchApi });
    expect(load).toEqual({ status: 'found', profile: founderDetails() });
    const [request] = api.received;
    expect(request!.url.pathname).toBe('/founder/profile');
    expect(request!.url.searchParams.get('slug')).toBe('ada-lovelace');
    expect(request!.headers.get('authorization')).toBe('Bearer jwt');
    expect(request!.headers.get('cf-connecting-ip')).toBe('10.0.0.1');
  });

  it('sends no token for a visitor', async () => {
    const api = createFakeApi(() => Response.json(advisorDetails()));
    await loadProfile('advisor', 'helen-park', { fetchApi: api.fetchApi });
    expect(api.received[0]!.url.pathname).toBe('/advisor/profile');
    expect(api.received[0]!.headers.has('authorization')).toBe(false);
  });

  it('reads a 404 and a profile of the other type as not found', async () => {
    expect(await loadProfile('founder', 'nobody', { fetchApi: createFakeApi(() => apiError(404, 'Profile not found')).fetchApi })).toEqual({ status: 'not-found' });
    expect(await loadProfile('founder', 'helen-park', { fetchApi: createFakeApi(() => Response.json(advisorDetails())).fetchApi })).toEqual({ status: 'not-found' });
  });

  it('does not ask the API about a slug that cannot exist', async () => {
    const api = createFakeApi();
    expect(await loadProfile('founder', 'Robert%27)', { fetchApi: api.fetchApi })).toEqual({ status: 'not-found' });
    expect(api.received).toHaveLength(0);
  });

  it('passes other failures on as errors', async () => {
    const load = await loadProfile('founder', 'ada', { fetchApi: createFakeApi(() => apiError(500, 'Boom')).fetchApi });
    expect(load.status).toBe('error');
    expect(load.status === 'error' && load.error.status).toBe(500);
  });
});

describe('loadViews', () => {
  it('reads who viewed me from /profile/views and whom I viewed from /profile/viewed', async () => {
    const views = { total: 5, data: [], locked: 2, premium: false };
    const api = createFakeApi((request) => Response.json(request.url.pathname === '/profile/views' ? views : { total: 0, data: [] }));
    expect(await loadViews('viewers', { token: 't', fetchApi: api.fetchApi }, 20)).toEqual({ tab: 'viewers', ok: true, data: views });
    expect(await loadViews('viewed', { token: 't', fetchApi: api.fetchApi })).toEqual({ tab: 'viewed', ok: true, data: { total: 0, data: [] } });
    expect(api.received.map((request) => `${request.url.pathname}${request.url.search}`)).toEqual(['/profile/views?limit=20', '/profile/viewed?limit=100']);
  });

  it('keeps the tab when the API fails', async () => {
    const load = await loadViews('viewed', { fetchApi: createFakeApi(() => apiError(401, 'Unauthorized')).fetchApi });
    expect(load).toMatchObject({ tab: 'viewed', ok: false });
  });
});

describe('loadSitemapEntries', () => {
  it('reads the entries of GET /profiles/sitemap, or the error', async () => {
    const entries = [{ memberType: 'founder', slug: 'ada', updatedAt: '2026-01-01' }];
    expect(await loadSitemapEntries({ fetchApi: createFakeApi(() => Response.json({ data: entries })).fetchApi })).toEqual({ ok: true, entries });
    expect((await loadSitemapEntries({ fetchApi: createFakeApi(() => apiError(503, 'Down')).fetchApi })).ok).toBe(false);
  });
});
