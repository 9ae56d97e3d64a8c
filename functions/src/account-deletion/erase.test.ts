import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { commentOn, replyTo } from '../../test/comments';
import { connectTo } from '../../test/connections';
import { closeLiveSockets, joinedLiveSocket, recordingEmitter } from '../../test/live';
import { asMember, newPost, pngFile } from '../../test/posts';
import { buildDeps } from '../build-deps';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { deletionRequests, feedComments, feedPollOptions, feedPosts, founders, messages, subscriptions, threadMembers, users } from '../db/schema';
import type { BillingProvider } from '../deps';
import { recordView } from '../profiles/views';
import { decideDeletion } from './requests';
import { searchMembers } from '../admin/members';
import { storedFor, storedRows, testStores } from '../notifications/test-support';
import { forgetSentNotifications } from './sent-notifications';
import { fixedClock } from '../clock';

afterEach(closeLiveSockets);

type Member = Awaited<ReturnType<typeof signedInMember>>;
const database = () => db(env);
const viewStores = () => buildDeps(env).profileViews;

/** Every table and column of the database that holds `needle` anywhere in its text (one query per table, then per column where found). */
async function tablesHolding(needle: string): Promise<string[]> {
  const { results: tables } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
    name: string;
  }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    const holds = (column: string) => `instr(CAST("${column}" AS TEXT), ?1) > 0`;
    const [any] = (
      await env.DB.prepare(`SELECT count(*) AS n FROM "${name}" WHERE ${columns.map((column) => holds(column.name)).join(' OR ')}`)
        .bind(needle)
        .all<{ n: number }>()
    ).results;
    if (!any?.n) continue;
    for (const column of columns) {
      const { results } = await env.DB.prepare(`SELECT count(*) AS n FROM "${name}" WHERE ${holds(column.name)}`)
        .bind(needle)
        .all<{ n: number }>();
      if (results[0]!.n > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

/** A member with a bit of everything: pictures, a post with media, likes, votes, comments, a connection, messages with a file, views. */
async function busyMember(others: { friend: Member; stranger: Member }) {
  const member = await signedInMember({ firstName: 'Erin', lastName: `Erased${newId().slice(0, 6)}` });
  const { friend, stranger } = others;
  const avatar = `avatars/${newId()}.png`;
  const banner = `banners/${newId()}.png`;
  await env.MEDIA.put(avatar, 'png');
  await env.MEDIA.put(banner, 'png');
  await database().update(founders).set({ profilePictureUrl: avatar, profileBannerUrl: banner }).where(eq(founders.userId, member.user.id));
  await database().run(sql`INSERT INTO search_keys (user_id, key) VALUES (${member.user.id}, 123456789)`);
  await database().run(sql`INSERT INTO profile_search (rowid, user_id, name, headline, body, tags) VALUES (123456789, ${member.user.id}, 'Erin Erased', 'Builder', 'Bio', '')`);
  await database().run(sql`INSERT INTO profile_tags (user_id, kind, value) VALUES (${member.user.id}, 'skill', 'rust')`);

  const own = await newPost(member, { text: 'My launch #erasedtag', media: await pngFile(16, 16), mediaAlt: 'A chart' });
  const friendPost = await newPost(friend, { text: `Thanks @[Erin Erased](${member.user.id}) for the intro`, poll: JSON.stringify({ options: ['Yes', 'No'] }) });
  // Others on the member's post, and the member on the friend's post.
  await commentOn(own._id, stranger, 'Congrats');
  await asMember(member, 'POST', `/feed-post/like-by-user/${friendPost._id}`, { likedByUser: true });
  await asMember(stranger, 'POST', `/feed-post/like-by-user/${friendPost._id}`, { likedByUser: true });
  await asMember(member, 'POST', `/feed-post/${friendPost.poll.options[0]._id}/vote?pollId=${friendPost.poll._id}`);
  await asMember(stranger, 'POST', `/feed-post/${friendPost.poll.options[0]._id}/vote?pollId=${friendPost.poll._id}`);
  const memberComment = await commentOn(friendPost._id, member, 'Happy to help');
  await replyTo(memberComment._id, stranger, 'Reply to a comment that goes');
  await commentOn(friendPost._id, member, `Ask @[Friend](${friend.user.id}) too`);
  const strangerComment = await commentOn(friendPost._id, stranger, 'Nice one');
  await replyTo(strangerComment._id, member, 'Thanks!');
  await replyTo(strangerComment._id, friend, 'Indeed');

  // A connection (with its notifications) and a conversation with a file from each side.
  const request = await bodyOf(await connectTo(member, friend, 'Hi'));
  await call('PUT', `/connection/accepted/${request._id ?? request.connection?._id}`, undefined, { token: friend.jwt });
  const [a, b] = [member.user.id, friend.user.id].sort();
  const threadId = newId();
  const at = new Date().toISOString();
  const fromMember = newId();
  const fromFriend = newId();
  const fileKey = `attachments/${newId()}.png`;
  await env.MEDIA.put(fileKey, 'file');
  await database().run(sql`INSERT INTO threads (id, pair_key, last_message_id, created_at, updated_at) VALUES (${threadId}, ${`${a}:${b}`}, ${fromFriend}, ${at}, ${at})`);
  await database().run(sql`INSERT INTO thread_members (thread_id, user_id, other_id, unread_count, last_message_at) VALUES
    (${threadId}, ${member.user.id}, ${friend.user.id}, 0, ${at}), (${threadId}, ${friend.user.id}, ${member.user.id}, 1, ${at})`);
  await database().run(sql`INSERT INTO messages (id, thread_id, author_id, to_id, body, read, created_at) VALUES
    (${fromMember}, ${threadId}, ${member.user.id}, ${friend.user.id}, 'Here is the deck', 0, ${at}),
    (${fromFriend}, ${threadId}, ${friend.user.id}, ${member.user.id}, 'Got it, thanks', 1, ${at})`);
  await database().run(sql`INSERT INTO attachments (id, owner_id, message_id, storage_key, name, mime, size, created_at) VALUES
    (${newId()}, ${member.user.id}, ${fromMember}, ${fileKey}, 'deck.png', 'image/png', 4, ${at})`);
  // Views both ways, kept in the members' profile-view objects.
  await recordView(buildDeps(env), { id: member.user.id, privateBrowsing: false }, friend.user.id);
  await recordView(buildDeps(env), { id: stranger.user.id, privateBrowsing: true }, member.user.id);
  expect(await viewStores().of(member.user.id).all()).toHaveLength(2);
  expect(JSON.stringify(await viewStores().of(friend.user.id).all())).toContain(member.user.id);
  await post('/connection/block/' + stranger.user.id, undefined, { token: member.jwt });
  // A linked GitHub identity (with the member's address) goes with the account.
  await database().run(
    sql`INSERT INTO social_identities (provider, subject, user_id, email, created_at) VALUES ('github', ${newId()}, ${member.user.id}, ${member.user.email}, ${at})`,
  );
  // An administrator warned them once: the decision stays on record, about "Deleted member".
  await database().run(sql`INSERT INTO moderation_actions (id, action, target_type, target_id, member_id, admin_id, admin_name, reason, precondition_met, created_at)
    VALUES (${newId()}, 'warn', 'member', ${member.user.id}, ${member.user.id}, ${friend.user.id}, 'Some Admin', 'Be kind', 1, ${at})`);

  const [postRow] = await database().select().from(feedPosts).where(eq(feedPosts.id, own._id));
  const mediaKeys = (await database().all<{ key: string }>(sql`SELECT r2_key AS key FROM feed_post_media WHERE post_id = ${own._id}`)).map((row) => row.key);
  return { member, ownPost: postRow!, friendPost, strangerComment, threadId, fromMember, fromFriend, keys: [avatar, banner, fileKey, ...mediaKeys] };
}

async function askAndApprove(member: Member, admin: Member) {
  const asked = await bodyOf(await post('/auth/profile-delete', { reason: 'Bye' }, { token: member.jwt }));
  const approved = await call('PATCH', '/admin/profile-delete', { id: asked.request._id, action: 'approve' }, { token: admin.jwt });
  expect(approved.status).toBe(200);
  return asked.request._id as string;
}

describe('the deletion of an account', () => {
  it('leaves no row, file, search entry or sitemap entry of the member, and the others keep theirs', async () => {
    const [admin, friend, stranger] = [await signedInMember({ userRole: 'admin' }), await signedInMember(), await signedInMember()];
    const busy = await busyMember({ friend, stranger });
    const { member } = busy;
    expect(busy.keys).toHaveLength(4);
    const socket = await joinedLiveSocket(member);
    const likesBefore = (await database().select().from(feedPosts).where(eq(feedPosts.id, busy.friendPost._id)))[0]!;
    expect(likesBefore).toMatchObject({ likeCount: 2, commentCount: 6 });
    const tagged = sql`SELECT user_id FROM feed_mentions WHERE post_id = ${busy.friendPost._id} AND comment_id <> ''`;
    expect(await database().all(tagged)).toEqual([{ user_id: friend.user.id }]);
    // Each has the other's connection notice in their notifications object.
    expect((await storedRows(member.user.id)).length).toBeGreaterThan(0);
    expect((await storedRows(friend.user.id)).some((row) => row.sender_id === member.user.id)).toBe(true);
    expect((await storedRows(stranger.user.id)).some((row) => row.sender_id === member.user.id)).toBe(true);

    const requestId = await askAndApprove(member, admin);

    // Sockets closed and the token refused at once.
    await expect(socket.closed).resolves.toBeGreaterThan(0);
    expect((await get('/auth/me', { token: member.jwt })).status).toBe(401);

    // No table holds the member's id, email or name (the mails sent to the address are the dev mailbox's).
    expect(await tablesHolding(member.user.id)).toEqual([]);
    expect((await tablesHolding(member.user.email)).filter((column) => !column.startsWith('dev_mail.'))).toEqual([]);
    expect(await tablesHolding(member.user.lastName)).toEqual([]);
    // Their notifications object is empty; what they sent has left the others' objects, though neither opened their list.
    expect(await storedRows(member.user.id)).toEqual([]);
    for (const other of [friend, stranger]) expect((await storedRows(other.user.id)).filter((row) => row.sender_id === member.user.id)).toEqual([]);
    const friendsList = await bodyOf(await get('/notifications', { token: friend.jwt }));
    expect(JSON.stringify(friendsList)).not.toContain(member.user.id);
    expect((await storedRows(friend.user.id)).some((row) => row.sender_id === member.user.id)).toBe(false);
    expect(await tablesHolding('erasedtag')).toEqual([]);
    for (const key of busy.keys) expect(await env.MEDIA.head(key), key).toBeNull();
    // Their profile-view object is empty, and the objects on the other side name them no more.
    expect(await viewStores().of(member.user.id).all()).toEqual([]);
    for (const other of [friend, stranger]) expect(JSON.stringify(await viewStores().of(other.user.id).all())).not.toContain(member.user.id);

    // Not searchable, not in the sitemap, no public page.
    const sitemap = await bodyOf(await get('/profiles/sitemap'));
    expect(JSON.stringify(sitemap)).not.toContain(`"${member.founder!.slug}"`);
    expect((await get(`/founder/profile?slug=${member.founder!.slug}`)).status).toBe(404);

    // The friend keeps the conversation, from "Deleted member", and their post with true counters.
    const [request] = await database().select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
    const standIn = request!.userId;
    const [standInRow] = await database().select().from(users).where(eq(users.id, standIn));
    expect(standInRow).toMatchObject({ firstName: 'Deleted', lastName: 'member', onboarded: false, emailVerified: false });
    // The stand-in is nobody: the admin area's member search never lists it.
    expect((await searchMembers({ db: database() }, { q: standInRow!.email, page: 1, limit: 10 })).total).toBe(0);
    const kept = await database().select().from(messages).where(eq(messages.threadId, busy.threadId));
    expect(kept.map((row) => [row.id, row.authorId, row.toId, row.body]).sort()).toEqual(
      [
        [busy.fromMember, standIn, friend.user.id, 'Here is the deck'],
        [busy.fromFriend, friend.user.id, standIn, 'Got it, thanks'],
      ].sort(),
    );
    expect(await database().select().from(threadMembers).where(eq(threadMembers.threadId, busy.threadId))).toEqual([
      expect.objectContaining({ userId: friend.user.id, otherId: standIn, unreadCount: 1 }),
    ]);
    const threads = await bodyOf(await get('/connections?limit=20&page=1', { token: friend.jwt }));
    expect(JSON.stringify(threads)).toContain('Deleted member');

    const [friendPost] = await database().select().from(feedPosts).where(eq(feedPosts.id, busy.friendPost._id));
    // Left: the stranger's like; the stranger's comment and the friend's reply to it.
    expect(friendPost).toMatchObject({ likeCount: 1, commentCount: 2, text: `Thanks @[Deleted member](${standIn}) for the intro` });
    // The friend was tagged only in the member's comment: that mention went with it.
    expect(await database().all(sql`SELECT * FROM feed_mentions WHERE post_id = ${busy.friendPost._id}`)).toEqual([]);
    const [strangerComment] = await database().select().from(feedComments).where(eq(feedComments.id, busy.strangerComment._id));
    expect(strangerComment!.replyCount).toBe(1);
    const options = await database().select().from(feedPollOptions).where(eq(feedPollOptions.pollId, busy.friendPost.poll._id));
    expect(options.map((option) => option.voteCount).sort()).toEqual([0, 1]);
    expect(await tablesHolding(friend.user.id)).not.toEqual([]);
    expect((await get(`/feed-post/${friendPost!.slug}`)).status).toBe(200);
  }, 60_000);

  it('cancels a paid subscription at the provider at once and closes every session', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    const at = new Date().toISOString();
    const subscriptionId = `sub_${newId()}`;
    await database()
      .insert(subscriptions)
      .values({ id: subscriptionId, userId: member.user.id, customerId: `cus_${newId()}`, plan: 'monthly', status: 'active', currentPeriodEnd: at, createdAt: at, updatedAt: at });
    const asked = await bodyOf(await post('/auth/profile-delete', {}, { token: member.jwt }));
    const cancelled: string[] = [];
    const deps = buildDeps(env);
    const billing: BillingProvider = {
      ...deps.billing,
      mode: 'test',
      async cancelNow(id) {
        cancelled.push(id);
        return { id, customerId: 'c', userId: member.user.id, plan: 'monthly', status: 'canceled', currentPeriodEnd: at, cancelAtPeriodEnd: false, endedAt: at };
      },
    };
    const live = recordingEmitter();
    const answer = await decideDeletion({ ...deps, billing, live: live.emitter, media: env.MEDIA }, admin.user, { id: asked.request._id, action: 'approve' });
    expect(answer.status).toBe('completed');
    expect(cancelled).toEqual([subscriptionId]);
    expect(live.closed).toEqual([{ userId: member.user.id, scope: { allBut: null } }]);
    expect(await database().select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toEqual([]);
  });

  it('completes the deletion when removing the files fails afterwards (the failure is logged)', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    await database()
      .update(founders)
      .set({ profilePictureUrl: `avatars/${newId()}.png` })
      .where(eq(founders.userId, member.user.id));
    const asked = await bodyOf(await post('/auth/profile-delete', {}, { token: member.jwt }));
    const brokenBucket = { delete: () => Promise.reject(new Error('R2 is down')) } as unknown as R2Bucket;
    const answer = await decideDeletion({ ...buildDeps(env), media: brokenBucket }, admin.user, { id: asked.request._id, action: 'approve' });
    expect(answer.status).toBe('completed');
    expect(await database().select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
  });

  it("cleans the others' notification objects in steps, and a run stopped part-way carries on where it stopped", async () => {
    const member = await signedInMember();
    const others = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    for (const other of others) {
      await connectTo(member, other, 'Hi');
      await storedFor(other, member, new Date().toISOString());
    }
    const [first, second, last] = others.map((other) => other.user.id).sort();
    const called: string[] = [];
    let failLast = true;
    const stores = testStores();
    const notifications = {
      of: (id: string) => ({
        forgetSenders: async (senders: string[]) => {
          called.push(id);
          if (id === last && failLast) throw new Error('object unreachable');
          return stores.of(id).forgetSenders(senders);
        },
      }),
    } as unknown as typeof stores;
    const deps = { db: database(), clock: fixedClock(new Date()), notifications };
    await expect(forgetSentNotifications(deps, member.user.id, 1)).rejects.toThrow('object unreachable');
    expect(called).toEqual([first, second, last]);
    for (const id of [first, second]) expect((await storedRows(id!)).filter((row) => row.sender_id === member.user.id)).toEqual([]);
    expect((await storedRows(last!)).some((row) => row.sender_id === member.user.id)).toBe(true);
    failLast = false;
    called.length = 0;
    await forgetSentNotifications(deps, member.user.id, 1);
    expect(called).toEqual([last]);
    expect((await storedRows(last!)).filter((row) => row.sender_id === member.user.id)).toEqual([]);
  });
});
