import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { commentOn, replyTo } from '../../test/comments';
import { connectTo, put } from '../../test/connections';
import { asMember, newPost } from '../../test/posts';
import { fileOf, pdfBytes, sendText } from '../inbox/test-inbox';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Files = Record<string, Uint8Array>;

const suffix = crypto.randomUUID().slice(0, 8);
const mention = (member: Member) => `@[${member.user.firstName} ${member.user.lastName}](${member.user.id})`;

async function archiveOf(member: Member): Promise<Files> {
  const response = await get('/auth/data-export', { token: member.jwt });
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

/** Each `file: text` where one of the texts is found in a file of the archive. */
function leaks(files: Files, texts: readonly string[]): string[] {
  return Object.entries(files).flatMap(([path, bytes]) => {
    const content = strFromU8(bytes, true);
    return texts.filter((text) => content.includes(text)).map((text) => `${path}: ${text}`);
  });
}

/**
 * The data download holds the member's own words and never another member's (docs/decisions.md
 * "Data download"): the notes of the requests they received, the messages and message requests
 * sent to them, the comments and replies on what they wrote, the posts and comments naming them,
 * the reports about them. Each other member's text here is distinctive, and every file of the
 * archive, media included, is searched for each.
 */
describe('the data download and other members’ words', () => {
  let ada: Member;
  let bob: Member;
  let carol: Member;
  let files: Files;
  const theirs = {
    connectionNote: `Carol's note on her request ${suffix}`,
    acceptedNote: `Bob's note on his request ${suffix}`,
    message: `Bob's message to Ada ${suffix}`,
    fileName: `bob-secret-${suffix}.pdf`,
    messageRequest: `Dan's message request ${suffix}`,
    comment: `Bob's comment on her post ${suffix}`,
    reply: `Bob's reply to her comment ${suffix}`,
    postMention: `names Ada in his post ${suffix}`,
    commentMention: `names Ada in his comment ${suffix}`,
    report: `Bob's report about Ada ${suffix}`,
  };

  beforeAll(async () => {
    [ada, bob] = await Promise.all([signedInMember({ firstName: 'Ada', lastName: `Owner ${suffix}` }), signedInMember({ firstName: 'Bob', lastName: `Other ${suffix}` })]);
    let dan: Member;
    [carol, dan] = await Promise.all([signedInMember({ firstName: 'Carol', lastName: `Asker ${suffix}` }), signedInMember({ firstName: 'Dan', roleType: 'premium' })]);

    // Requests with notes: Carol's waits, Bob's is accepted (so the two can write).
    expect((await connectTo(carol, ada, theirs.connectionNote)).status).toBe(201);
    const asked = await connectTo(bob, ada, theirs.acceptedNote);
    expect(asked.status).toBe(201);
    expect((await put(`/connection/accepted/${(await bodyOf(asked)).connection._id}`, ada.jwt)).status).toBe(200);
    await sendText(bob, ada, theirs.message, { mediaFiles: fileOf(pdfBytes(), theirs.fileName) });
    await sendText(ada, bob, `Ada answers ${suffix}`);
    expect((await post('/message-requests', { to: ada.user.id, body: theirs.messageRequest }, { token: dan.jwt })).status).toBe(201);

    // On her post and comment; his post and comment naming her; a like and a view without words.
    const adaPost = await newPost(ada, { text: `Ada's own post ${suffix}` });
    await commentOn(adaPost._id, bob, theirs.comment);
    const adaComment = await commentOn(adaPost._id, ada, `Ada's own comment ${suffix}`);
    await replyTo(adaComment.commentId, bob, theirs.reply);
    await newPost(bob, { text: `Bob ${theirs.postMention} ${mention(ada)}` });
    // A tag tells a member once per post (feed/tag-notices.ts): the comment naming her is on another one.
    const bobOtherPost = await newPost(bob, { text: `Bob writes again ${suffix}` });
    await commentOn(bobOtherPost._id, bob, `Bob ${theirs.commentMention} ${mention(ada)}`);
    await asMember(bob, 'POST', `/feed-post/like-by-user/${adaPost._id}`, { likedByUser: true });
    await get(`/founder/profile?slug=${ada.founder!.slug}`, { token: bob.jwt });

    // Reports about her and her post.
    expect((await post('/reports', { targetType: 'member', targetId: ada.user.id, reason: 'other', details: theirs.report }, { token: bob.jwt })).status).toBe(201);
    expect((await post('/reports', { targetType: 'post', targetId: adaPost._id, reason: 'spam', details: theirs.report }, { token: carol.jwt })).status).toBe(201);

    files = await archiveOf(ada);
  });

  it('holds the notification of each of their acts, without the words they wrote', () => {
    const notifications = JSON.parse(strFromU8(files['notifications.json']!)) as Array<{ kind: string; body: string | null }>;
    const kinds = new Set(notifications.map((row) => row.kind));
    for (const kind of ['connection.requested', 'post.commented', 'comment.replied', 'post.mentioned', 'comment.mentioned', 'message.received', 'message.requested'])
      expect(kinds, kind).toContain(kind);
    for (const row of notifications.filter((row) => row.kind !== 'post.liked')) expect(row.body, row.kind).toBeNull();
    // Her own words stay: the like quotes her post.
    expect(notifications.find((row) => row.kind === 'post.liked')?.body).toBe(`Ada's own post ${suffix}`);
  });

  it('holds none of their texts in any file', () => {
    expect(leaks(files, Object.values(theirs))).toEqual([]);
    // What she wrote is there.
    expect(leaks(files, [`Ada's own post ${suffix}`, `Ada's own comment ${suffix}`, `Ada answers ${suffix}`]).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the other member their own words back', async () => {
    const bobs = await archiveOf(bob);
    expect(leaks(bobs, [theirs.acceptedNote, theirs.message, theirs.comment, theirs.reply, theirs.report]).map((leak) => leak.split(': ')[1])).toEqual(
      expect.arrayContaining([theirs.acceptedNote, theirs.message, theirs.comment, theirs.reply, theirs.report]),
    );
    expect(leaks(bobs, [`Ada answers ${suffix}`, `Ada's own comment ${suffix}`])).toEqual([]);
  });

  it('lists the reports one filed without the words of what was reported', async () => {
    const carols = await archiveOf(carol);
    const { reports } = JSON.parse(strFromU8(carols['profile.json']!));
    expect(reports).toEqual([expect.objectContaining({ targetType: 'post', reason: 'spam', details: theirs.report, status: 'open' })]);
    // The snapshot the report keeps (moderation evidence) holds Ada's words: it stays out.
    expect(leaks(carols, [`Ada's own post ${suffix}`])).toEqual([]);
  });
});
