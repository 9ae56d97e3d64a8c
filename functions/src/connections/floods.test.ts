import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get } from '../../test/api';
import { connectTo, put, someMembers } from '../../test/connections';
import { createApp } from '../app';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';
import { RATE_LIMITS } from '../rate-limit/policies';

const HOUR_MS = 3_600_000;

/** An app on a clock the test moves (the limits read the API's clock). */
function appOnClock() {
  const clock = fixedClock(new Date());
  return { app: createApp({ clock }), later: (ms: number) => clock.set(new Date(clock.now().getTime() + ms)) };
}

async function expectTooMany(response: Response, wait: RegExp) {
  expect(response.status).toBe(429);
  const body = await bodyOf(response);
  expect(body.message).toMatch(new RegExp(`^Too many connection requests\\. Please try again in ${wait.source}\\.$`));
  expect(response.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
  return body.data.retryAfter as number;
}

describe('connection request floods', () => {
  it('allows 30 requests an hour per member; the 31st answers 429 with Retry-After, and an hour later it goes', async () => {
    const { app, later } = appOnClock();
    const { limit } = RATE_LIMITS.connectRequestsByMember;
    const [sender, ...others] = await someMembers(limit + 2);
    for (const other of others.slice(0, limit)) expect((await connectTo(sender, other, undefined, { app })).status).toBe(201);
    const last = others[limit]!;
    const retryAfter = await expectTooMany(await connectTo(sender, last, undefined, { app }), /60 minutes/);
    expect(retryAfter).toBeGreaterThan(3590);
    expect(await eventsFor({ db: db(env) }, last.user.id)).toEqual([]);

    later(HOUR_MS + 1000);
    expect((await connectTo(sender, last, undefined, { app })).status).toBe(201);
  }, 30_000);

  it('allows 3 requests a day to the same member, so connect-then-withdraw cannot keep notifying them', async () => {
    const { app, later } = appOnClock();
    const [sender, receiver] = await someMembers(2);
    for (let round = 1; round <= RATE_LIMITS.connectRequestsToMember.limit; round++) {
      const sent = await connectTo(sender, receiver, undefined, { app });
      expect(sent.status).toBe(201);
      expect((await put(`/connection/${(await bodyOf(sent)).connection._id}`, sender.jwt, { app })).status).toBe(200);
    }
    await expectTooMany(await connectTo(sender, receiver, undefined, { app }), /24 hours/);
    const requested = await eventsFor({ db: db(env) }, receiver.user.id, 'connection.requested');
    expect(requested).toHaveLength(3);

    // Others are still reachable, and the pair again a day later.
    const [third] = await someMembers(1);
    expect((await connectTo(sender, third!, undefined, { app })).status).toBe(201);
    later(24 * HOUR_MS + 1000);
    expect((await connectTo(sender, receiver, undefined, { app })).status).toBe(201);
  });

  it('documents the 429 on POST /connection/connect', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    const tooMany = document.paths['/connection/connect'].post.responses['429'];
    expect(tooMany.description).toMatch(/^Too many connection requests: 30 an hour, and 3 a day to the same member/);
    expect(tooMany.content['application/json'].schema.$ref).toBe('#/components/schemas/RateLimitError');
  });

  it('counts only requests stored: refusals and accepting their request cost nothing', async () => {
    const { app } = appOnClock();
    const [sender, receiver] = await someMembers(2);
    const first = await bodyOf(await connectTo(sender, receiver, undefined, { app }));
    for (let click = 0; click < 5; click++) expect((await connectTo(sender, receiver, undefined, { app })).status).toBe(409);
    await put(`/connection/${first.connection._id}`, sender.jwt, { app });
    // Their request back, then ours accepts it: the sender's second stored request, then none.
    const back = await connectTo(receiver, sender, undefined, { app });
    expect(back.status).toBe(201);
    expect((await bodyOf(await connectTo(sender, receiver, undefined, { app }))).state).toBe('connected');
    expect((await connectTo(receiver, sender, undefined, { app })).status).toBe(409);
  });
});
