/**
 * The admin area's members (search, a member's state), the Premium grant's audit entries
 * and the audit log's route: filters, paging, names, and nothing but administrators.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, signedInMember } from '../../test/api';
import { newPost } from '../../test/posts';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const as = (member: Member, method: string, path: string, body?: unknown) => call(method, path, body, { token: member.jwt });
const unique = () => crypto.randomUUID().slice(0, 8);

describe('GET /admin/members', () => {
  it('finds members by every word of their name or email, newest first, paged', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const word = `zq${unique()}`;
    const first = await signedInMember({ firstName: `Nora${word}`, lastName: 'Quill' });
    const second = await signedInMember({ firstName: 'Nora', lastName: `Quill${word}` });
    const page = await bodyOf(await as(admin, 'GET', `/admin/members?q=${word}&limit=1`));
    expect(page).toMatchObject({ total: 2, pages: 2, page: 1, limit: 1 });
    expect(page.data[0]).toMatchObject({ _id: second.user.id, verified: true, onboarded: true, premium: false, userRole: 'member' });
    const next = await bodyOf(await as(admin, 'GET', `/admin/members?q=${word}&limit=1&page=2`));
    expect(next.data.map((member: { _id: string }) => member._id)).toEqual([first.user.id]);
    const byEmail = await bodyOf(await as(admin, 'GET', `/admin/members?q=${encodeURIComponent(first.user.email)}`));
    expect(byEmail.data.map((member: { _id: string }) => member._id)).toEqual([first.user.id]);
    expect((await bodyOf(await as(admin, 'GET', `/admin/members?q=${word}%20nobody`))).total).toBe(0);
    // LIKE wildcards are searched for as themselves.
    expect((await bodyOf(await as(admin, 'GET', '/admin/members?q=%25%25%25_'))).total).toBe(0);
  });

  it('names the field of a bad query', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const response = await as(admin, 'GET', '/admin/members?limit=500');
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toHaveProperty('limit');
  });
});

describe('Premium grants from the admin area', () => {
  it('shows how a member is Premium and audits each grant and end once', async () => {
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Grant', lastName: `Giver${unique()}` });
    const member = await signedInMember();
    const path = `/admin/members/${member.user.id}`;
    expect(await bodyOf(await as(admin, 'GET', path))).toMatchObject({ premium: false, grant: null, subscription: null });
    expect(await bodyOf(await as(admin, 'PATCH', `${path}/premium`, { premium: true }))).toMatchObject({ premium: true, changed: true });
    // A second grant changes nothing and records nothing.
    expect(await bodyOf(await as(admin, 'PATCH', `${path}/premium`, { premium: true }))).toMatchObject({ premium: true, changed: false });
    const detail = await bodyOf(await as(admin, 'GET', path));
    expect(detail).toMatchObject({ premium: true, grant: { grantedBy: `Grant ${admin.user.lastName}` }, subscription: null });
    await as(admin, 'PATCH', `${path}/premium`, { premium: false });
    const log = await bodyOf(await as(admin, 'GET', `/admin/audit?targetType=member&targetId=${member.user.id}`));
    expect(log.data.map((entry: { action: string; adminId: string; adminName: string }) => [entry.action, entry.adminId, entry.adminName])).toEqual([
      ['premium.end', admin.user.id, `Grant ${admin.user.lastName}`],
      ['premium.grant', admin.user.id, `Grant ${admin.user.lastName}`],
    ]);
    expect((await as(admin, 'GET', `/admin/members/${'0'.repeat(24)}`)).status).toBe(404);
  });

  it('shows a suspension and a pending deletion request on the member', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    const path = `/admin/members/${member.user.id}`;
    expect(await bodyOf(await as(admin, 'GET', path))).toMatchObject({ suspension: { suspended: false }, deletion: null });
    expect((await as(member, 'POST', '/auth/profile-delete', { reason: 'Moving on' })).status).toBe(201);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await as(admin, 'POST', `/admin/moderation/members/${member.user.id}/suspend`, { reason: 'Spam', until })).status).toBe(200);
    expect(await bodyOf(await as(admin, 'GET', path))).toMatchObject({
      suspension: { suspended: true, reason: 'Spam', until },
      deletion: { reason: 'Moving on', dueAt: expect.any(String) },
    });
  });

  it('leaves one grant and one entry when two administrators grant at once', async () => {
    const [one, two] = [await signedInMember({ userRole: 'admin' }), await signedInMember({ userRole: 'admin' })];
    const member = await signedInMember();
    const answers = await Promise.all([one, two].map((admin) => as(admin, 'PATCH', `/admin/members/${member.user.id}/premium`, { premium: true })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const log = await bodyOf(await as(one, 'GET', `/admin/audit?targetId=${member.user.id}&action=premium.grant`));
    expect(log.data).toHaveLength(1);
  });
});

describe('GET /admin/audit', () => {
  it('filters by admin and action, pages with `next`, and refuses a bad filter by name', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const members = [await signedInMember(), await signedInMember(), await signedInMember()];
    for (const member of members) await as(admin, 'PATCH', `/admin/members/${member.user.id}/premium`, { premium: true });
    const first = await bodyOf(await as(admin, 'GET', `/admin/audit?admin=${admin.user.id}&limit=2`));
    expect(first.data.map((entry: { targetId: string }) => entry.targetId)).toEqual([members[2]!.user.id, members[1]!.user.id]);
    expect(first.next).toEqual(expect.any(String));
    const second = await bodyOf(await as(admin, 'GET', `/admin/audit?admin=${admin.user.id}&limit=2&before=${encodeURIComponent(first.next)}`));
    expect(second).toMatchObject({ data: [expect.objectContaining({ targetId: members[0]!.user.id, action: 'premium.grant' })], next: null });
    expect((await bodyOf(await as(admin, 'GET', `/admin/audit?admin=${admin.user.id}&action=premium.end`))).data).toEqual([]);
    const bad = await as(admin, 'GET', '/admin/audit?action=member.delete');
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toHaveProperty('action');
    const admins = await bodyOf(await as(admin, 'GET', '/admin/admins'));
    expect(admins.data).toContainEqual({ _id: admin.user.id, name: `${admin.user.firstName} ${admin.user.lastName}` });
  });
});

describe('GET /admin/audit names', () => {
  it('names the administrator and the member each entry concerns, and a deleted member as null, in one query per page', async () => {
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Ada', lastName: `Admin${unique()}` });
    const [kept, gone, author] = [await signedInMember({ firstName: 'Kira', lastName: `Kept${unique()}` }), await signedInMember(), await signedInMember()];
    // The profile's name is the one shown, as everywhere in the app.
    const slug = `kira-profile-${unique()}`;
    await env.DB.prepare('UPDATE founders SET first_name = ?, last_name = ?, slug = ? WHERE user_id = ?').bind('Kira', 'Profile', slug, kept.user.id).run();
    const key = `g-${unique()}`;
    await as(admin, 'POST', '/admin/feed-groups', { key, name: 'Named board' });
    const post = await newPost(author, { text: 'Named in the log', group: key });
    await as(admin, 'POST', `/admin/feed-groups/${key}/pins`, { post: post.slug });
    for (const member of [kept, gone]) await as(admin, 'PATCH', `/admin/members/${member.user.id}/premium`, { premium: true });
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(gone.user.id).run();

    const metered = { 'x-bench-d1': '1' };
    const page = await call('GET', `/admin/audit?admin=${admin.user.id}`, undefined, { token: admin.jwt, headers: metered });
    const entries = (await bodyOf(page)).data as Array<Record<string, unknown>>;
    const actor = { _id: admin.user.id, name: `Ada ${admin.user.lastName}`, memberType: 'founder', slug: expect.any(String) };
    expect(entries.map((entry) => [entry.action, entry.admin, entry.target])).toEqual([
      ['premium.grant', actor, { member: null, postSlug: null, groupName: null }],
      ['premium.grant', actor, { member: { _id: kept.user.id, name: 'Kira Profile', memberType: 'founder', slug }, postSlug: null, groupName: null }],
      [
        'post.pin',
        actor,
        { member: expect.objectContaining({ _id: author.user.id, name: `${author.user.firstName} ${author.user.lastName}` }), postSlug: post.slug, groupName: null },
      ],
      ['group.create', actor, { member: null, postSlug: null, groupName: 'Named board' }],
    ]);
    // The names cost no query per entry: a page of one and a page of four ask D1 as often.
    const one = await call('GET', `/admin/audit?admin=${admin.user.id}&limit=1`, undefined, { token: admin.jwt, headers: metered });
    expect(Number(page.headers.get('x-d1-queries'))).toBeGreaterThan(0);
    expect(page.headers.get('x-d1-queries')).toBe(one.headers.get('x-d1-queries'));
  });
});
