import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, uniqueIp } from '../../test/api';
import { storedPost } from '../../test/comments';
import { someMembers } from '../../test/connections';
import { postForm, type Member } from '../../test/posts';
import { createApp } from '../app';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';
import { RATE_LIMITS } from '../rate-limit/policies';

const deps = { db: db(env) };
const DAY_MS = 86_400_000;
const tag = (member: Member) => `@[${member.user.firstName}](${member.user.id})`;

/** An app on a clock the test moves, and the calls the tests make through it. */
function appOnClock() {
  const clock = fixedClock(new Date());
  const app = createApp({ clock });
  const form = (method: 'POST' | 'PUT', path: string, member: Member, text: string) =>
    app.request(path, { method, headers: { Authorization: `Bearer ${member.jwt}`, 'CF-Connecting-IP': uniqueIp() }, body: postForm(member, { text }) }, env);
  return {
    later: (ms: number) => clock.set(new Date(clock.now().getTime() + ms)),
    publish: (member: Member, text: string) => form('POST', '/feed-post', member, text),
    edit: (member: Member, postId: string, text: string) => form('PUT', `/feed-post/${postId}`, member, text),
    json: (member: Member, method: string, path: string, body: unknown) => call(method, path, body, { token: member.jwt, app }),
  };
}

const mentionEvents = async (member: Member) => (await eventsFor(deps, member.user.id)).filter((event) => event.type === 'post.mentioned' || event.type === 'comment.mentioned');

describe('replayed tag notifications', () => {
  it('tell a member of a tag in one post once a day, however the post, its comments or notify-tagged-users replay it', async () => {
    const { later, publish, edit, json } = appOnClock();
    const [author, bob] = (await someMembers(2)) as [Member, Member];
    const created = await bodyOf(await publish(author, `Thanks ${tag(bob)}`));
    expect(await mentionEvents(bob)).toHaveLength(1);

    for (let round = 0; round < 3; round++) {
      expect((await edit(author, created._id, 'Thanks, everyone')).status).toBe(200);
      expect((await edit(author, created._id, `Thanks ${tag(bob)}`)).status).toBe(200);
      const again = await json(author, 'POST', '/notifications/notify-tagged-users', { postId: created._id, taggedUsers: [bob.user.id] });
      expect(await bodyOf(again)).toEqual({ notified: 1 });
      const comment = await json(author, 'POST', '/feed/comments', { postId: created._id, text: `See this ${tag(bob)}` });
      expect(comment.status).toBe(201);
    }
    expect(await mentionEvents(bob)).toHaveLength(1);
    const notifications = await bodyOf(await get('/notifications', { token: bob.jwt }));
    expect(notifications.data.filter((n: { kind: string }) => n.kind.endsWith('.mentioned'))).toHaveLength(1);

    // A day later the same tag is news again, once.
    later(DAY_MS + 1000);
    await edit(author, created._id, 'Thanks, everyone');
    await edit(author, created._id, `Thanks ${tag(bob)}`);
    await edit(author, created._id, 'Thanks, everyone');
    await edit(author, created._id, `Thanks ${tag(bob)} again`);
    expect(await mentionEvents(bob)).toHaveLength(2);
  }, 30_000);

  it(`cap the tag notifications one member sends at ${RATE_LIMITS.tagNoticesByMember.limit} an hour: a write past it answers 429 and stores nothing`, async () => {
    const { later, publish, json } = appOnClock();
    const [author, ...tagged] = (await someMembers(21)) as Member[];
    const tags = (members: Member[]) => members.map(tag).join(' ');
    // 20 + 20 + 10 = 50 members told: all allowed.
    for (const group of [tagged, tagged, tagged.slice(0, 10)]) expect((await publish(author, `Hello ${tags(group)}`)).status).toBe(201);
    const postsBefore = await deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM feed_posts WHERE author_user_id = ${author.user.id}`);

    const refused = await publish(author, `One more ${tag(tagged[0]!)}`);
    expect(refused.status).toBe(429);
    const body = await bodyOf(refused);
    expect(body.message).toMatch(/^Too many tag notifications\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
    expect(body.data.retryAfter).toBeGreaterThan(3500);
    expect(await deps.db.all(sql`SELECT count(*) AS n FROM feed_posts WHERE author_user_id = ${author.user.id}`)).toEqual(postsBefore);
    const postId = await storedPost(author);
    const comment = await json(author, 'POST', '/feed/comments', { postId, text: `Also ${tag(tagged[15]!)}` });
    expect(comment.status).toBe(429);

    // Writing without tags goes on; an hour later tags do too.
    expect((await publish(author, 'No tags here')).status).toBe(201);
    later(3_600_000 + 1000);
    expect((await publish(author, `Back ${tag(tagged[0]!)}`)).status).toBe(201);
  }, 60_000);

  it('document the 429 on every route that tags', async () => {
    const { paths } = await bodyOf(await get('/openapi.json'));
    for (const [path, method] of [
      ['/feed-post', 'post'],
      ['/feed-post/{idOrSlug}', 'put'],
      ['/feed/comments', 'post'],
      ['/feed/comments', 'put'],
      ['/feed/comments/reply', 'post'],
      ['/feed/comments/reply', 'put'],
      ['/notifications/notify-tagged-users', 'post'],
    ] as const) {
      expect(paths[path][method].responses['429'].description, `${method} ${path}`).toMatch(/Too many tag notifications: 50 an hour/);
    }
  });
});
