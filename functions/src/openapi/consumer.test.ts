/**
 * The OpenAPI document used by code nobody here wrote: the types openapi-typescript made from
 * it (functions/test/openapi-types.ts, kept current by scripts/lib/openapi-types.test.ts) and
 * openapi-fetch's client sign in and walk member operations against the API in workerd.
 */
import { env } from 'cloudflare:workers';
import createClient, { type Middleware } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createMember, defaultApp, uniqueIp } from '../../test/api';
import type { paths } from '../../test/openapi-types';

/** A client of the API as an integrator would write it, its requests answered by the app. */
function apiClient() {
  const ip = uniqueIp();
  return createClient<paths>({
    baseUrl: 'http://api.example',
    fetch: async (request) => {
      // One client address, as behind a real connection (the rate limits count by it).
      request.headers.set('CF-Connecting-IP', ip);
      return defaultApp.fetch(request, env);
    },
  });
}

/** Sends the session token of a sign-in with every later request. */
function bearer(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

describe('a client generated from the OpenAPI document', () => {
  it('signs in and walks member operations: own account, privacy, a post, the feed, a connection request', async () => {
    const member = await createMember({ firstName: 'Katherine', lastName: 'Johnson' });
    const other = await createMember({ firstName: 'Dorothy', lastName: 'Vaughan' });
    const client = apiClient();

    const signIn = await client.POST('/auth/user-login', { body: { email: member.user.email, password: member.password } });
    expect(signIn.response.status).toBe(200);
    const token = signIn.data?.jwt;
    expect(token).toEqual(expect.any(String));
    client.use(bearer(token as string));

    const me = await client.GET('/auth/me');
    expect(me.data?._id).toBe(member.user.id);

    const privacy = await client.PATCH('/profile/privacy', { body: { searchIndexing: false } });
    expect(privacy.response.status).toBe(200);
    expect(privacy.data?.searchIndexing).toBe(false);

    const created = await client.POST('/feed-post', {
      body: { post_by: member.user.id, text: 'Hello from a generated client #openapi' },
      bodySerializer: (body) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) form.append(name, String(value));
        return form;
      },
    });
    expect(created.response.status).toBe(201);
    const postId = created.data?._id;

    const feed = await client.GET('/feed-post', { params: { query: { hashtag: 'openapi' } } });
    expect(feed.data?.data.map((post) => post._id)).toContain(postId);

    const request = await client.POST('/connection/connect', { body: { receiverId: other.user.id, note: null } });
    expect(request.response.status).toBe(201);

    // The document's error answers are typed too: a refused call carries the API's error shape.
    const refused = await apiClient().GET('/auth/me');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.message).toEqual(expect.any(String));
  });
});
