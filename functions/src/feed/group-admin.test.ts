/**
 * The administrators' feed-group changes and pins, each with its audit entry written in the
 * same batch: create, rename, reorder, archive (once, even when two admins race), and at most
 * five pinned posts per group.
 */
import { describe, expect, it } from 'vitest';
import { bodyOf, signedInMember } from '../../test/api';
import { asMember, createPostAs, newPost } from '../../test/posts';

const newKey = () => `g-${crypto.randomUUID().slice(0, 8)}`;

type Entry = { action: string; targetId: string; note: string | null; adminId: string };
async function auditOf(admin: Awaited<ReturnType<typeof signedInMember>>, targetType: string, targetId: string): Promise<Entry[]> {
  return (await bodyOf(await asMember(admin, 'GET', `/admin/audit?targetType=${targetType}&targetId=${targetId}`))).data;
}

describe('feed groups in the admin area', () => {
  it('creates, renames, reorders and archives a group, auditing each change', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    const [key, other] = [newKey(), newKey()];
    expect((await asMember(admin, 'POST', '/admin/feed-groups', { key, name: 'Builders', position: 900 })).status).toBe(201);
    await asMember(admin, 'POST', '/admin/feed-groups', { key: other, name: 'Makers', position: 901 });
    expect(await bodyOf(await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { name: 'Builders club' }))).toMatchObject({
      name: 'Builders club',
      audience: 'all',
      position: 900,
    });
    // Unchanged fields are not changes: nothing is recorded for them.
    await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { name: 'Builders club', position: 900 });
    const all = (await bodyOf(await asMember(admin, 'GET', '/admin/feed-groups'))).data as { key: string }[];
    const keys = all.map((group) => group.key).filter((each) => each !== key && each !== other);
    const reordered = await bodyOf(await asMember(admin, 'PUT', '/admin/feed-groups/order', { keys: [...keys, other, key] }));
    expect(reordered.data.slice(-2).map((group: { key: string }) => group.key)).toEqual([other, key]);
    const post = await newPost(member, { text: 'Before the archive', group: key });
    expect(await bodyOf(await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { archived: true }))).toMatchObject({ archivedAt: expect.any(String) });
    const refused = await createPostAs(member, { text: 'After the archive', group: key });
    expect(refused.status).toBe(400);
    expect((await bodyOf(refused)).data.fields).toHaveProperty('group');
    expect((await bodyOf(await asMember(member, 'GET', `/feed-post/${post.slug}`))).group).toBe(key);
    expect((await asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { archived: false })).status).toBe(200);
    const entries = await auditOf(admin, 'group', key);
    expect(entries.map((entry) => [entry.action, entry.note])).toEqual([
      ['group.archive', 'restored'],
      ['group.archive', 'archived'],
      ['group.reorder', `position ${(keys.length + 1) * 10}`],
      ['group.rename', 'Builders club'],
      ['group.create', 'Builders'],
    ]);
    expect(entries.every((entry) => entry.adminId === admin.user.id)).toBe(true);
  });

  it('archives once when two administrators archive at once: one 409, one entry', async () => {
    const [one, two] = [await signedInMember({ userRole: 'admin' }), await signedInMember({ userRole: 'admin' })];
    const key = newKey();
    await asMember(one, 'POST', '/admin/feed-groups', { key, name: 'Racing' });
    const answers = await Promise.all([one, two].map((admin) => asMember(admin, 'PATCH', `/admin/feed-groups/${key}`, { archived: true })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await auditOf(one, 'group', key)).filter((entry) => entry.action === 'group.archive')).toHaveLength(1);
  });

  it('refuses a reorder naming an unknown or repeated group, by field', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    for (const keys of [['no-such-group'], ['community', 'community']]) {
      const response = await asMember(admin, 'PUT', '/admin/feed-groups/order', { keys });
      expect(response.status).toBe(400);
      expect((await bodyOf(response)).data.fields).toHaveProperty('keys');
    }
  });
});

describe('pinned posts per group', () => {
  it('pins at most five posts in a group and audits every pin and unpin', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const author = await signedInMember();
    const key = newKey();
    await asMember(admin, 'POST', '/admin/feed-groups', { key, name: 'Pins' });
    const posts = [];
    for (let index = 0; index < 6; index++) posts.push(await newPost(author, { text: `Post ${index}`, group: key }));
    for (const post of posts.slice(0, 5)) expect((await asMember(admin, 'PATCH', `/feed-post/${post._id}/pin`, { isPinned: true })).status).toBe(200);
    const full = await asMember(admin, 'PATCH', `/feed-post/${posts[5]!._id}/pin`, { isPinned: true });
    expect(full.status).toBe(409);
    expect((await bodyOf(full)).message).toMatch(/5 pinned posts/);
    expect((await asMember(admin, 'PATCH', `/feed-post/${posts[0]!._id}/pin`, { isPinned: true })).status).toBe(409);
    expect((await asMember(admin, 'PATCH', `/feed-post/${posts[0]!._id}/pin`, { isPinned: false })).status).toBe(200);
    expect((await asMember(admin, 'PATCH', `/feed-post/${posts[5]!._id}/pin`, { isPinned: true })).status).toBe(200);
    expect((await auditOf(admin, 'post', posts[0]!._id)).map((entry) => entry.action)).toEqual(['post.unpin', 'post.pin']);
    expect(await auditOf(admin, 'post', posts[5]!._id)).toHaveLength(1);
    const groups = (await bodyOf(await asMember(admin, 'GET', '/admin/feed-groups'))).data as { key: string; pinnedCount: number }[];
    expect(groups.find((group) => group.key === key)?.pinnedCount).toBe(5);
  });
});

describe('pinning a post by its address', () => {
  it('pins the post at an address, and names the field in each refusal', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    const author = await signedInMember();
    const [key, other] = [newKey(), newKey()];
    await asMember(admin, 'POST', '/admin/feed-groups', { key, name: 'Pin board' });
    await asMember(admin, 'POST', '/admin/feed-groups', { key: other, name: 'Elsewhere' });
    const post = await newPost(author, { text: 'Pin me by my address', group: key });
    const stranger = await newPost(author, { text: 'I live elsewhere', group: other });
    const pin = (address: string, group = key, who = admin) => asMember(who, 'POST', `/admin/feed-groups/${group}/pins`, { post: address });
    const refusals: Array<[string, number, string]> = [
      ['https://foundermesh.example/founder/ada', 400, 'post: must be a post’s address, like https://…/post/…, or its slug'],
      ['https://foundermesh.example/post/no-such-post-000000', 404, 'post: leads to no post: it may have been deleted'],
      [`/post/${stranger.slug}`, 400, 'post: is a post in “Elsewhere”, not in “Pin board”'],
      ['   ', 400, 'post: must not be empty'],
    ];
    for (const [address, status, message] of refusals) {
      const response = await pin(address);
      const body = await bodyOf(response);
      expect([response.status, body.message], address).toEqual([status, message]);
      expect(Object.keys(body.data.fields)).toEqual(['post']);
    }
    expect((await pin(`https://foundermesh.example/post/${post.slug}?ref=share#top`, key, member)).status).toBe(403);
    expect((await pin(`/post/${post.slug}`, 'no-such-group')).status).toBe(404);
    const pinned = await pin(`https://foundermesh.example/post/${post.slug}?ref=share#top`);
    expect(pinned.status).toBe(200);
    expect(await bodyOf(pinned)).toMatchObject({ _id: post._id, isPinned: true });
    const again = await pin(post.slug);
    expect([again.status, (await bodyOf(again)).message]).toEqual([409, 'post: is already pinned']);
    expect((await auditOf(admin, 'post', post._id)).map((entry) => entry.action)).toEqual(['post.pin']);
  });
});
