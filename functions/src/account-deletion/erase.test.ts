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
import { attachments, deletionRequests, feedComments, feedPollOptions, feedPosts, founders, subscriptions, users } from '../db/schema';
import type { BillingProvider } from '../deps';
import type { InboxStores } from '../ports/inbox';
import { recordView } from '../profiles/views';
import { decideDeletion } from './requests';
import { searchMembers } from '../admin/members';
import { storedFor, storedRows, testStores } from '../notifications/test-support';
import { forgetSentNotifications } from './sent-notifications';
import { fixedClock } from '../clock';
import { inboxBinding } from '../inbox/inbox-binding';
import { eraseMember, handOverConversations } from './erase';

afterEach(closeLiveSockets);

type Member = Awaited<ReturnType<typeof signedInMember>>;
const database = () => db(env);
const viewStores = () => buildDeps(env).profileViews;
const mailboxes = () => inboxBinding(env.INBOX_STORE);

/** A conversation between two members, in both mailboxes: each message `[author, body, read]` from the first or the second. */
async function conversation(one: string, two: string, lines: Array<[string, string, number]>) {
  const threadId = newId();
  const start = Date.now();
  const messages = lines.map(([authorId, body, read], index) => ({
    id: newId(),
    thread_id: threadId,
    author_id: authorId,
    to_id: authorId === one ? two : one,
    body,
    reply_to_id: null,
    read,
    created_at: new Date(start + index).toISOString(),
  }));
  const created_at = new Date(start).toISOString();
  await mailboxes()
    .of(one)
    .importRows({ threads: [{ id: threadId, other_id: two, created_at }], messages });
  await mailboxes()
    .of(two)
    .importRows({ threads: [{ id: threadId, other_id: one, created_at }], messages });
  return { threadId, ids: messages.map((message) => message.id) };
}

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

  // A connection (with its notifications) and a conversation, in both mailboxes, with a file from each side.
  const request = await bodyOf(await connectTo(member, friend, 'Hi'));
  await call('PUT', `/connection/accepted/${request._id ?? request.connection?._id}`, undefined, { token: friend.jwt });
  const at = new Date().toISOString();
  const {
    threadId,
    ids: [fromFriend, fromMember],
  } = await conversation(member.user.id, friend.user.id, [
    [friend.user.id, 'Got it, thanks', 1],
    [member.user.id, 'Here is the deck', 0],
  ]);
  const fileKey = `attachments/${newId()}.png`;
  const friendsFileKey = `attachments/${newId()}.png`;
  await env.MEDIA.put(fileKey, 'file');
  await env.MEDIA.put(friendsFileKey, 'file');
  const friendsFile = newId();
  await database().run(sql`INSERT INTO attachments (id, owner_id, message_id, to_id, storage_key, name, mime, size, created_at) VALUES
    (${newId()}, ${member.user.id}, ${fromMember}, ${friend.user.id}, ${fileKey}, 'deck.png', 'image/png', 4, ${at}),
    (${friendsFile}, ${friend.user.id}, ${fromFriend}, ${member.user.id}, ${friendsFileKey}, 'notes.png', 'image/png', 4, ${at})`);
  expect((await mailboxes().of(friend.user.id).thread(threadId, []))?.other_id).toBe(member.user.id);
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
  // Office hours of their own, a session booked with the friend and one the stranger booked with them.
  await database().run(
    sql`INSERT INTO office_hours (user_id, time_zone, topics, created_at, updated_at) VALUES (${member.user.id}, 'Europe/Berlin', '["Erin topics"]', ${at}, ${at})`,
  );
  for (const [hostId, guestId] of [
    [friend.user.id, member.user.id],
    [member.user.id, stranger.user.id],
  ]) {
    await database().run(sql`INSERT INTO bookings (id, host_id, guest_id, starts_at, ends_at, busy_from, busy_until, status, topic, agenda, guest_time_zone, created_at, updated_at)
      VALUES (${newId()}, ${hostId}, ${guestId}, 1796720400000, 1796722200000, 1796720400000, 1796722200000, 'confirmed', 'Hiring', 'Erin agenda', 'Europe/Berlin', ${at}, ${at})`);
  }
  // A calendar feed of their sessions.
  await database().run(sql`INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (${member.user.id}, ${`feed-hash-${member.user.id}`}, ${at})`);

  // The friend invited the member, who joined through it; the member invited the stranger (joined), and
  // an open invitation from the stranger waits at the member's address (sent before they joined).
  const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString();
  for (const [inviterId, email, inviteeId] of [
    [friend.user.id, member.user.email, member.user.id],
    [member.user.id, stranger.user.email, stranger.user.id],
    [stranger.user.id, member.user.email, null],
  ] as const) {
    await database().run(sql`INSERT INTO invitations (id, inviter_id, email, token_hash, created_at, expires_at, invitee_id, joined_at)
      VALUES (${newId()}, ${inviterId}, ${email}, ${newId()}, ${at}, ${inTwoWeeks}, ${inviteeId}, ${inviteeId ? at : null})`);
  }

  // Introductions: the member's answers both ways and a match with the friend.
  await database().run(sql`INSERT INTO match_intents (user_id, candidate_id, kind, created_at, expires_at) VALUES
    (${member.user.id}, ${friend.user.id}, 'interested', ${at}, NULL), (${friend.user.id}, ${member.user.id}, 'interested', ${at}, NULL),
    (${stranger.user.id}, ${member.user.id}, 'not_now', ${at}, '2099-01-01T00:00:00.000Z')`);
  const matchId = newId();
  await database().run(
    sql`INSERT INTO matches (id, pair_key, first_id, second_id, connection_id, created_at) VALUES (${matchId}, ${`${member.user.id}:${friend.user.id}`}, ${friend.user.id}, ${member.user.id}, NULL, ${at})`,
  );
  // Weekly shortlists (0049): the member's, with the stranger on it, and the friend's, with the member on it;
  // both answers to "Did you meet?" of the match.
  await database().run(sql`INSERT INTO shortlists (user_id, week, created_at) VALUES (${member.user.id}, '2026-W48', ${at}), (${friend.user.id}, '2026-W48', ${at})`);
  await database().run(sql`INSERT INTO shortlist_picks (user_id, candidate_id, week, rank, score, reasons) VALUES
    (${member.user.id}, ${stranger.user.id}, '2026-W48', 0, 70, '[]'), (${friend.user.id}, ${member.user.id}, '2026-W48', 0, 70, '[]')`);
  await database().run(sql`INSERT INTO match_checkins (match_id, user_id, other_id, asked_at, met, outcome, answered_at) VALUES
    (${matchId}, ${member.user.id}, ${friend.user.id}, ${at}, 1, 'good', ${at}), (${matchId}, ${friend.user.id}, ${member.user.id}, ${at}, 0, NULL, ${at})`);

  // Saved people both ways and a saved search.
  await database().run(sql`INSERT INTO saved_members (user_id, member_id, note, created_at, updated_at) VALUES
    (${member.user.id}, ${friend.user.id}, 'Met at demo day', ${at}, ${at}), (${stranger.user.id}, ${member.user.id}, 'Follow up', ${at}, ${at})`);
  await database().run(sql`INSERT INTO saved_searches (id, user_id, name, member_type, query, created_at, last_run_at) VALUES
    (${newId()}, ${member.user.id}, 'Fintech', 'founder', 'industries=fintech', ${at}, ${at})`);

  // Verification: a work badge, a withdrawn LinkedIn badge and a work code waiting.
  await database().run(sql`INSERT INTO member_verifications (user_id, method, email, domain, verified_at, withdrawn_at) VALUES
    (${member.user.id}, 'work', 'member@acme.example', 'acme.example', ${at}, NULL), (${member.user.id}, 'linkedin', NULL, NULL, ${at}, ${at})`);
  await database().run(
    sql`INSERT INTO work_email_codes (user_id, email, domain, code_hash, sent_at, expires_at) VALUES (${member.user.id}, 'member@new.example', 'new.example', 'hash', ${at}, ${inTwoWeeks})`,
  );

  const [postRow] = await database().select().from(feedPosts).where(eq(feedPosts.id, own._id));
  const mediaKeys = (await database().all<{ key: string }>(sql`SELECT r2_key AS key FROM feed_post_media WHERE post_id = ${own._id}`)).map((row) => row.key);
  return { member, ownPost: postRow!, friendPost, strangerComment, threadId, fromMember, fromFriend, friendsFile, friendsFileKey, keys: [avatar, banner, fileKey, ...mediaKeys] };
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
    const friendsBox = mailboxes().of(friend.user.id);
    expect(await friendsBox.thread(busy.threadId, [])).toMatchObject({ other_id: standIn, t_unread: 1, msg_id: busy.fromMember });
    const kept = (await friendsBox.messages(busy.threadId, null, 10, null)).rows;
    expect(kept.map((row) => [row.msg_id, row.msg_author, row.msg_to, row.msg_body])).toEqual([
      [busy.fromMember, standIn, friend.user.id, 'Here is the deck'],
      [busy.fromFriend, friend.user.id, standIn, 'Got it, thanks'],
    ]);
    expect(JSON.stringify(await friendsBox.exportRows(friend.user.id))).not.toContain(member.user.id);
    // Their own mailbox is empty.
    expect(await mailboxes().of(member.user.id).isEmpty()).toBe(true);
    expect(await mailboxes().of(member.user.id).others()).toEqual([]);
    // The file the friend sent them stays the friend's, sent to the stand-in.
    expect(await database().select({ toId: attachments.toId }).from(attachments).where(eq(attachments.id, busy.friendsFile))).toEqual([{ toId: standIn }]);
    expect(await env.MEDIA.head(busy.friendsFileKey)).not.toBeNull();
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
    expect(live.closed).toEqual([{ userId: member.user.id, scope: { allBut: null }, reason: 'account_deleted' }]);
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
    for (const [index, other] of others.entries()) {
      // The last one only talked with the member: their mailbox is what names them.
      if (index < 2) await connectTo(member, other, 'Hi');
      else await conversation(member.user.id, other.user.id, [[member.user.id, 'Hello', 0]]);
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
    const deps = { db: database(), clock: fixedClock(new Date()), notifications, inbox: mailboxes() };
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

  it("hands the member's side of each conversation to the stand-in in steps, and a run stopped part-way carries on where it stopped", async () => {
    const member = await signedInMember();
    const others = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const threadOf = new Map<string, string>();
    for (const other of others) {
      const { threadId } = await conversation(member.user.id, other.user.id, [
        [other.user.id, 'Hello', 1],
        [member.user.id, 'Hi back', 0],
      ]);
      threadOf.set(other.user.id, threadId);
    }
    const [first, second, last] = others.map((other) => other.user.id).sort();
    const { inbox, called, fail } = failingInbox(last!);
    const deps = { db: database(), clock: fixedClock(new Date()), inbox };
    const standIn = newId();
    const otherOf = async (id: string) => (await mailboxes().of(id).thread(threadOf.get(id)!, []))?.other_id;
    await expect(handOverConversations(deps, member.user.id, standIn, 1)).rejects.toThrow('mailbox unreachable');
    expect(called).toEqual([first, second, last]);
    expect([await otherOf(first!), await otherOf(second!), await otherOf(last!)]).toEqual([standIn, standIn, member.user.id]);
    // The member's mailbox stays whole until every other one is done.
    expect(await mailboxes().of(member.user.id).others()).toEqual([first, second, last]);
    fail.last = false;
    called.length = 0;
    await handOverConversations(deps, member.user.id, standIn, 1);
    expect(called).toEqual([last]);
    for (const id of [first!, second!, last!]) {
      expect(await otherOf(id)).toBe(standIn);
      const rows = (await mailboxes().of(id).messages(threadOf.get(id)!, null, 10, null)).rows;
      expect(rows.map((row) => [row.msg_author, row.msg_to, row.msg_body])).toEqual([
        [standIn, id, 'Hi back'],
        [id, standIn, 'Hello'],
      ]);
    }
    expect(await mailboxes().of(member.user.id).isEmpty()).toBe(true);
    expect(await mailboxes().of(member.user.id).others()).toEqual([]);
  });

  it('keeps one stand-in across runs of a deletion cut short while handing over the conversations', async () => {
    const member = await signedInMember();
    const others = await Promise.all([signedInMember(), signedInMember()]);
    const threads = [];
    for (const other of others) threads.push({ other: other.user.id, ...(await conversation(member.user.id, other.user.id, [[member.user.id, 'Hello', 0]])) });
    const last = others.map((other) => other.user.id).sort()[1]!;
    const { inbox, fail } = failingInbox(last);
    const deps = { ...buildDeps(env), inbox, media: env.MEDIA };
    const at = new Date().toISOString();
    const requestId = newId();
    await database().insert(deletionRequests).values({ id: requestId, userId: member.user.id, status: 'approved', createdAt: at, dueAt: at, handledAt: at });
    const [request] = await database().select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
    await expect(eraseMember(deps, request!)).rejects.toThrow('mailbox unreachable');
    // The account is whole: the next run carries it out.
    expect(await database().select({ id: users.id }).from(users).where(eq(users.id, member.user.id))).toHaveLength(1);
    fail.last = false;
    await eraseMember(deps, request!);
    const [done] = await database().select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
    expect(done).toMatchObject({ status: 'completed' });
    const standIn = done!.userId;
    expect(await database().select({ firstName: users.firstName }).from(users).where(eq(users.id, standIn))).toEqual([{ firstName: 'Deleted' }]);
    for (const { other, threadId } of threads) expect((await mailboxes().of(other).thread(threadId, []))?.other_id).toBe(standIn);
    expect(await database().all(sql`SELECT job FROM job_cursors WHERE instr(job, ${member.user.id}) > 0`)).toEqual([]);
  });

  it('rewrites a mention of the member in their conversations as one of the stand-in', async () => {
    const [admin, member, friend] = [await signedInMember({ userRole: 'admin' }), await signedInMember(), await signedInMember()];
    const { threadId } = await conversation(member.user.id, friend.user.id, [[friend.user.id, `Ask @[${member.user.firstName} ${member.user.lastName}](${member.user.id})`, 1]]);
    const requestId = await askAndApprove(member, admin);
    const [request] = await database().select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
    const [message] = (await mailboxes().of(friend.user.id).messages(threadId, null, 10, null)).rows;
    expect(message!.msg_body).toBe(`Ask @[Deleted member](${request!.userId})`);
  });
});

/** The test's mailboxes, but the mailbox of `last` fails replaceMember while `fail.last`; `called` lists the mailboxes replaceMember was called on. */
function failingInbox(last: string) {
  const real = mailboxes();
  const called: string[] = [];
  const fail = { last: true };
  const inbox = {
    of: (id: string) => {
      const box = real.of(id);
      return {
        flush: () => box.flush(),
        others: () => box.others(),
        wipe: () => box.wipe(),
        replaceMember: async (oldId: string, newId: string) => {
          called.push(id);
          if (id === last && fail.last) throw new Error('mailbox unreachable');
          return box.replaceMember(oldId, newId);
        },
      };
    },
  } as unknown as InboxStores;
  return { inbox, called, fail };
}
