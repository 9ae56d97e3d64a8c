import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { connectedPair } from '../../test/connections';
import { asMember, newPost, pngFile } from '../../test/posts';
import { commentOn, replyTo } from '../../test/comments';
import { NO_PASSWORD } from '../auth/social/passwordless';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { billingCustomers, bookings, calendarFeeds, founders, invitations, officeHours, socialIdentities, subscriptions } from '../db/schema';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import { recordView } from '../profiles/views';
import { fileOf, pdfBytes, sendText } from '../inbox/test-inbox';
import { pngImage } from '../media/test-images';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Files = Record<string, Uint8Array>;

const suffix = crypto.randomUUID().slice(0, 8);
const exportOf = (member: Pick<Member, 'jwt'>) => get('/auth/data-export', { token: member.jwt });
const json = (files: Files, path: string) => JSON.parse(strFromU8(files[path]!));
/** Every file of the archive as text, to look for what must not be in it. */
const allText = (files: Files) =>
  Object.values(files)
    .map((bytes) => strFromU8(bytes, true))
    .join('\n');

/** A picture in R2 under a key of ours, set as the member's profile picture. */
async function givePicture(member: Member): Promise<Uint8Array> {
  const bytes = await pngImage(3, 3);
  const key = `avatars/${newId()}.png`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'image/png' } });
  await db(env).update(founders).set({ profilePictureUrl: key }).where(eq(founders.userId, member.user.id));
  return bytes;
}

describe('GET /auth/data-export', () => {
  // Ada has data of every kind; Bob is her connection; Cleo browses privately; Dan's view is named.
  let ada: Member;
  let bob: Member;
  let files: Files;
  let response: Response;
  let picture: Uint8Array;
  let sentFileId: string;
  let postMediaId: string;
  let cleoId: string;
  let danId: string;

  beforeAll(async () => {
    const pair = await connectedPair();
    ada = pair.requester;
    bob = pair.receiver;
    const [cleo, dan] = await Promise.all([
      signedInMember({ firstName: 'Cleo', lastName: `Private ${suffix}` }),
      signedInMember({ firstName: 'Dan', lastName: `Named ${suffix}` }),
    ]);
    [cleoId, danId] = [cleo.user.id, dan.user.id];
    picture = await givePicture(ada);

    const adaPost = await newPost(ada, { text: `Ada's launch post ${suffix}`, media: await pngFile(4, 4, 'launch.png'), mediaAlt: 'A launch chart' });
    postMediaId = adaPost.media[0]._id;
    const bobPoll = await newPost(bob, { text: 'Bob asks', poll: JSON.stringify({ options: ['Hiring', 'Product'] }) });
    const comment = await commentOn(bobPoll._id, ada, `Ada comments ${suffix}`);
    await replyTo(comment.commentId ?? comment._id, ada, `Ada replies ${suffix}`);
    await asMember(ada, 'POST', `/feed-post/like-by-user/${bobPoll._id}`, { likedByUser: true });
    await asMember(ada, 'POST', `/feed-post/${bobPoll.poll.options[1]._id}/vote?pollId=${bobPoll.poll._id}`);

    const sent = await sendText(ada, bob, `Ada writes ${suffix}`, { mediaFiles: fileOf(pdfBytes(), 'deck.pdf') });
    sentFileId = sent.message.mediaFiles[0]._id;
    await sendText(bob, ada, `Bob's private words ${suffix}`);

    const at = new Date().toISOString();
    // Ada said Not now to Dan and matched with Bob; Cleo is interested in Ada (her choice, not in Ada's archive).
    await db(env).run(sql`INSERT INTO match_intents (user_id, candidate_id, kind, created_at, expires_at) VALUES
      (${ada.user.id}, ${dan.user.id}, 'not_now', ${at}, '2099-01-01T00:00:00.000Z'), (${ada.user.id}, ${bob.user.id}, 'interested', ${at}, NULL),
      (${bob.user.id}, ${ada.user.id}, 'interested', ${at}, NULL), (${cleo.user.id}, ${ada.user.id}, 'interested', ${at}, NULL)`);
    await db(env).run(
      sql`INSERT INTO matches (id, pair_key, first_id, second_id, connection_id, created_at) VALUES (${newId()}, ${`${ada.user.id}:${bob.user.id}:${suffix}`}, ${ada.user.id}, ${bob.user.id}, NULL, ${at})`,
    );
    // Ada saved Bob with a note and a search; Cleo saved Ada (her list, not in Ada's archive).
    await db(env).run(sql`INSERT INTO saved_members (user_id, member_id, note, created_at, updated_at) VALUES
      (${ada.user.id}, ${bob.user.id}, ${`Ada's note on Bob ${suffix}`}, ${at}, ${at}), (${cleo.user.id}, ${ada.user.id}, ${`Cleo's note ${suffix}`}, ${at}, ${at})`);
    await db(env).run(sql`INSERT INTO saved_searches (id, user_id, name, member_type, query, created_at, last_run_at) VALUES
      (${newId()}, ${ada.user.id}, 'Fintech engineers', 'founder', 'industries=fintech&skills=engineering', ${at}, ${at})`);
    // Views go to both members' profile-view objects (Cleo browses privately).
    const viewDeps = buildDeps(env);
    await recordView(viewDeps, { id: cleo.user.id, privateBrowsing: true }, ada.user.id);
    await recordView(viewDeps, { id: dan.user.id, privateBrowsing: false }, ada.user.id);
    await recordView(viewDeps, { id: ada.user.id, privateBrowsing: false }, bob.user.id);
    await db(env)
      .insert(billingCustomers)
      .values({ userId: ada.user.id, customerId: `cus_${suffix}`, createdAt: at });
    await db(env)
      .insert(subscriptions)
      .values({ id: `sub_${suffix}`, userId: ada.user.id, customerId: `cus_${suffix}`, plan: 'monthly', status: 'active', currentPeriodEnd: at, createdAt: at, updatedAt: at });
    await db(env)
      .insert(socialIdentities)
      .values({ provider: 'github', subject: `gh-${suffix}`, userId: ada.user.id, email: ada.user.email, createdAt: at });

    // Ada hosts office hours; Bob booked one with her (his agenda is his), and she booked one with him and cancelled it.
    await db(env)
      .insert(officeHours)
      .values({ userId: ada.user.id, timeZone: 'Europe/Berlin', weeklyHours: [{ weekday: 2, start: '09:00', end: '12:00' }], topics: ['Pricing'], createdAt: at, updatedAt: at });
    const session = { startsAt: Date.parse('2026-12-08T09:00:00Z'), endsAt: Date.parse('2026-12-08T09:30:00Z'), busyFrom: 0, busyUntil: 0, topic: 'Pricing' };
    await db(env)
      .insert(bookings)
      .values([
        {
          ...session,
          id: newId(),
          hostId: ada.user.id,
          guestId: bob.user.id,
          status: 'confirmed',
          agenda: `Bob's agenda ${suffix}`,
          guestTimeZone: 'Asia/Kolkata',
          createdAt: at,
          updatedAt: at,
        },
        {
          ...session,
          id: newId(),
          hostId: bob.user.id,
          guestId: ada.user.id,
          status: 'cancelled',
          agenda: `Ada's agenda ${suffix}`,
          guestTimeZone: 'Europe/Berlin',
          cancelledBy: ada.user.id,
          cancelReason: `Ada's reason ${suffix}`,
          createdAt: at,
          updatedAt: at,
        },
      ]);
    // And she subscribes to her sessions in her calendar app.
    await db(env)
      .insert(calendarFeeds)
      .values({ userId: ada.user.id, tokenHash: `hash-${suffix}`, createdAt: at });

    // Dan invited Ada and she joined through it; she invited Bob (who joined) and an address not yet a member.
    const later = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const invitation = (inviterId: string, email: string, inviteeId: string | null) => ({
      id: newId(),
      inviterId,
      email,
      tokenHash: newId(),
      createdAt: at,
      expiresAt: later,
      inviteeId,
      joinedAt: inviteeId ? at : null,
    });
    await db(env)
      .insert(invitations)
      .values([
        invitation(dan.user.id, ada.user.email, ada.user.id),
        invitation(ada.user.id, bob.user.email, bob.user.id),
        invitation(ada.user.id, `friend-${suffix}@example.com`, null),
      ]);

    response = await exportOf(ada);
    files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  });

  it('answers a zip as an attachment named with the date, never cached', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="foundermesh-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('holds one JSON document per kind, a README and the media folder', () => {
    const documents = [
      'profile',
      'posts',
      'comments',
      'reactions',
      'votes',
      'connections',
      'messages',
      'notifications',
      'profile-views',
      'sign-in-methods',
      'subscription',
      'sessions',
      'invitations',
      'introductions',
      'verification',
    ];
    for (const name of documents) expect(Object.keys(files)).toContain(`${name}.json`);
    expect(strFromU8(files['README.txt']!)).toContain('Messages other members wrote to you are theirs');
  });

  it('has the account and profile, without the password hash', () => {
    const profile = json(files, 'profile.json');
    expect(profile.account).toMatchObject({ id: ada.user.id, email: ada.user.email, firstName: ada.user.firstName });
    expect(profile.account).not.toHaveProperty('passwordHash');
    expect(profile.founder).toMatchObject({ slug: ada.founder!.slug, profilePictureFile: 'media/profile/picture.png' });
    expect(allText(files)).not.toContain('scrypt');
  });

  it('has her posts, comments, replies, likes and votes', () => {
    const [post] = json(files, 'posts.json');
    expect(post.text).toBe(`Ada's launch post ${suffix}`);
    expect(post.media[0].file).toBe(`media/posts/${postMediaId}.png`);
    const { comments, replies } = json(files, 'comments.json');
    expect(comments.map((row: { text: string }) => row.text)).toEqual([`Ada comments ${suffix}`]);
    expect(replies.map((row: { text: string }) => row.text)).toEqual([`Ada replies ${suffix}`]);
    expect(json(files, 'reactions.json')).toEqual([expect.objectContaining({ reaction: 'like', postSlug: expect.any(String) })]);
    expect(json(files, 'votes.json')).toEqual([expect.objectContaining({ option: 'Product' })]);
  });

  it('has her connection, her conversation and her own messages only', () => {
    expect(json(files, 'connections.json')).toEqual([
      expect.objectContaining({ direction: 'sent', status: 'accepted', member: { id: bob.user.id, name: `${bob.user.firstName} ${bob.user.lastName}` } }),
    ]);
    const messages = json(files, 'messages.json');
    expect(messages.threads).toEqual([expect.objectContaining({ with: expect.objectContaining({ id: bob.user.id }), messagesSent: 1, messagesReceived: 1 })]);
    expect(messages.sent.map((message: { body: string }) => message.body)).toEqual([`Ada writes ${suffix}`]);
    // The shape the export has always had (the rows now come from her mailbox).
    expect(messages.threads[0]).toEqual({
      id: expect.any(String),
      with: { id: bob.user.id, name: `${bob.user.firstName} ${bob.user.lastName}` },
      createdAt: expect.any(String),
      lastMessageAt: expect.any(String),
      unreadCount: 1,
      messagesReceived: 1,
      messagesSent: 1,
    });
    expect(messages.sent[0]).toEqual({
      id: expect.any(String),
      threadId: messages.threads[0].id,
      body: `Ada writes ${suffix}`,
      replyToId: null,
      read: false,
      deletedAt: null,
      createdAt: expect.any(String),
      to: { id: bob.user.id, name: `${bob.user.firstName} ${bob.user.lastName}` },
      attachments: [expect.objectContaining({ name: 'deck.pdf' })],
    });
    expect(messages.sent[0].attachments[0]).toMatchObject({ name: 'deck.pdf', file: expect.stringMatching(/^media\/attachments\/.+\.pdf$/) });
    expect(allText(files)).not.toContain(`Bob's private words ${suffix}`);
  });

  it('has her notifications, sign-in methods and subscription', () => {
    const notifications = json(files, 'notifications.json');
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.every((row: { from: unknown }) => row.from === null || typeof row.from === 'object')).toBe(true);
    expect(json(files, 'sign-in-methods.json')).toEqual({
      email: ada.user.email,
      password: true,
      providers: [{ provider: 'github', email: ada.user.email, linkedAt: expect.any(String) }],
    });
    const subscription = json(files, 'subscription.json');
    expect(subscription.subscriptions).toEqual([expect.objectContaining({ id: `sub_${suffix}`, plan: 'monthly', status: 'active' })]);
    expect(subscription.paymentProviderCustomer).toMatchObject({ id: `cus_${suffix}` });
  });

  it('has her office hours and her sessions both ways, with her own words only', () => {
    const { officeHours: rules, sessions } = json(files, 'sessions.json');
    expect(rules).toEqual(expect.objectContaining({ timeZone: 'Europe/Berlin', topics: ['Pricing'] }));
    expect(sessions).toEqual([
      expect.objectContaining({ role: 'host', with: { id: bob.user.id, name: expect.stringContaining('') }, status: 'confirmed', topic: 'Pricing' }),
      expect.objectContaining({ role: 'guest', status: 'cancelled', agenda: `Ada's agenda ${suffix}`, cancelReason: `Ada's reason ${suffix}` }),
    ]);
    expect(allText(files)).not.toContain(`Bob's agenda ${suffix}`);
  });

  it('says since when she has a calendar feed, never the stored hash of its secret', () => {
    expect(json(files, 'sessions.json').calendarFeed).toEqual(expect.objectContaining({ active: true, since: expect.any(String) }));
    expect(allText(files)).not.toContain(`hash-${suffix}`);
  });

  it('has the invitations she sent, who joined through them, and who invited her', () => {
    const { sent, invitedBy } = json(files, 'invitations.json');
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: bob.user.email, joined: { id: bob.user.id, name: expect.any(String) }, joinedAt: expect.any(String) }),
        expect.objectContaining({ email: `friend-${suffix}@example.com`, joined: null, joinedAt: null }),
      ]),
    );
    expect(invitedBy).toEqual({ member: { id: expect.any(String), name: `Dan Named ${suffix}` }, joinedAt: expect.any(String) });
    expect(allText(files)).not.toContain('tokenHash');
  });

  it('has her own answers on candidates and her matches, not who is interested in her', () => {
    const { answers, matches } = json(files, 'introductions.json');
    expect(answers).toHaveLength(2);
    expect(answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ member: expect.objectContaining({ id: danId }), answer: 'not_now', hiddenUntil: '2099-01-01T00:00:00.000Z' }),
        expect.objectContaining({ member: expect.objectContaining({ id: bob.user.id }), answer: 'interested', hiddenUntil: null }),
      ]),
    );
    expect(matches).toEqual([expect.objectContaining({ with: expect.objectContaining({ id: bob.user.id }), matchedAt: expect.any(String) })]);
    expect(JSON.stringify(json(files, 'introductions.json'))).not.toContain(cleoId);
  });

  it('has her saved people with her notes and her saved searches, not who saved her', () => {
    const { people, searches } = json(files, 'saved.json');
    expect(people).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: bob.user.id }), note: `Ada's note on Bob ${suffix}` })]);
    expect(searches).toEqual([expect.objectContaining({ name: 'Fintech engineers', memberType: 'founder', query: 'industries=fintech&skills=engineering' })]);
    expect(allText(files)).not.toContain(`Cleo's note ${suffix}`);
  });

  it('names the viewers of her profile except one who browses privately', () => {
    const views = json(files, 'profile-views.json');
    expect(views.viewsOfYourProfile).toHaveLength(2);
    expect(views.viewsOfYourProfile).toContainEqual(expect.objectContaining({ private: true, viewer: null }));
    expect(views.viewsOfYourProfile).toContainEqual(expect.objectContaining({ private: false, viewer: expect.objectContaining({ name: `Dan Named ${suffix}` }) }));
    expect(views.profilesYouViewed).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: bob.user.id }) })]);
    expect(allText(files)).not.toContain(`Private ${suffix}`);
  });

  it('names no viewer a free member’s screen keeps locked, even after blocking the ones shown', async () => {
    const owner = await signedInMember();
    const viewers = await Promise.all(Array.from({ length: 4 }, (_, index) => signedInMember({ lastName: `Viewer${index} ${suffix}` })));
    for (const [index, viewer] of viewers.entries()) {
      const at = new Date(Date.now() - (10 - index) * 86_400_000);
      await recordView({ clock: fixedClock(at), profileViews: buildDeps(env).profileViews }, { id: viewer.user.id, privateBrowsing: false }, owner.user.id);
    }
    for (const viewer of viewers.slice(1)) await post(`/connection/block/${viewer.user.id}`, undefined, { token: owner.jwt });
    const theirs = unzipSync(new Uint8Array(await (await exportOf(owner)).arrayBuffer()));
    const views = json(theirs, 'profile-views.json');
    expect(views.viewsOfYourProfile).toHaveLength(4);
    expect(views.viewsOfYourProfile.every((view: { viewer: unknown }) => view.viewer === null)).toBe(true);
    expect(allText(theirs)).not.toContain(viewers[0]!.user.id);
  });

  it('carries her own media files, byte for byte', async () => {
    expect(files['media/profile/picture.png']).toEqual(picture);
    expect(files[`media/posts/${postMediaId}.png`]?.length).toBeGreaterThan(0);
    expect(strFromU8(files[`media/attachments/${sentFileId}.pdf`]!)).toBe(strFromU8(pdfBytes()));
    // Only her own: Bob's post and attachments are not in it.
    expect(Object.keys(files).filter((path) => path.startsWith('media/'))).toHaveLength(3);
  });

  it('gives another member their own data, never hers', async () => {
    const bobs = unzipSync(new Uint8Array(await (await exportOf(bob)).arrayBuffer()));
    expect(json(bobs, 'profile.json').account.id).toBe(bob.user.id);
    expect(allText(bobs)).toContain(`Bob's private words ${suffix}`);
    expect(allText(bobs)).not.toContain(`Ada writes ${suffix}`);
    expect(allText(bobs)).not.toContain(ada.user.email);
  });

  it('allows one download an hour: the next answers 429 with Retry-After, and the status says when', async () => {
    const again = await exportOf(ada);
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await bodyOf(again)).message).toMatch(/^Too many data downloads\. Please try again in \d+ minutes\.$/);
    const status = await bodyOf(await get('/auth/data-export/status', { token: ada.jwt }));
    expect(status).toMatchObject({ available: false, intervalSeconds: 3600 });
    expect(Date.parse(status.nextAt) - Date.now()).toBeGreaterThan(3_400_000);
  });

  it('tells a member who has not downloaded yet that they may, without using it', async () => {
    const fresh = await signedInMember();
    for (let i = 0; i < 2; i++)
      expect(await bodyOf(await get('/auth/data-export/status', { token: fresh.jwt }))).toEqual({ available: true, retryAfter: 0, nextAt: null, intervalSeconds: 3600 });
    expect((await exportOf(fresh)).status).toBe(200);
  });

  it('says a member who signed up through a provider has no password', async () => {
    const social = await signedInMember({ passwordHash: NO_PASSWORD });
    const theirs = unzipSync(new Uint8Array(await (await exportOf(social)).arrayBuffer()));
    expect(json(theirs, 'sign-in-methods.json')).toEqual({ email: social.user.email, password: false, providers: [] });
  });

  it('refuses a visitor', async () => {
    expect((await get('/auth/data-export')).status).toBe(401);
    expect((await get('/auth/data-export/status')).status).toBe(401);
  });
});
