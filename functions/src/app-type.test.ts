/**
 * ApiApp carries every route's path, input and output, so a typed client (hono/client's
 * `hc<ApiApp>`, as the app worker uses it) stops compiling when a route changes. These are
 * checks of types: `tsc` fails on them, the run only confirms the client builds.
 */
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiApp } from './app';
import type { ConnectionChange } from './connections/schemas';
import type { FeedPost } from './feed/schemas';
import type { Paged } from './db/paging';
import type { Thread } from './inbox/schemas';

const client = hc<ApiApp>('http://api.test');

describe('the app type', () => {
  it('types a JSON route: POST /connection/connect takes the connect body and answers 201 with the change', () => {
    type Input = InferRequestType<typeof client.connection.connect.$post>;
    expectTypeOf<Input['json']>().toEqualTypeOf<{ receiverId: string; note?: string | null | undefined }>();
    expectTypeOf<InferResponseType<typeof client.connection.connect.$post, 201>>().toEqualTypeOf<ConnectionChange>();
    expect(client.connection.connect.$url().pathname).toBe('/connection/connect');
  });

  it('types path parameters and queries of the mounted sub-routers', () => {
    type ThreadsQuery = InferRequestType<typeof client.connections.$get>['query'];
    expectTypeOf<ThreadsQuery>().toHaveProperty('msgStatus');
    expectTypeOf<InferResponseType<typeof client.connections.$get, 200>>().toEqualTypeOf<Paged<Thread>>();
    const postBySlug = client['feed-post'][':idOrSlug'].$get;
    expectTypeOf<InferRequestType<typeof postBySlug>['param']>().toEqualTypeOf<{ idOrSlug: string }>();
    expectTypeOf<InferResponseType<typeof postBySlug, 200>>().toEqualTypeOf<FeedPost>();
  });
});
