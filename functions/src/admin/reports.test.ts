import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { feedPosts, users } from '../db/schema';
import { eq } from 'drizzle-orm';

const patch = (path: string, body: unknown, token: string) => call('PATCH', path, body, { token });

async function reportOf(reporter: { jwt: string }, targetType: 'member' | 'post', targetId: string, reason = 'spam') {
  return (await bodyOf(await post('/reports', { targetType, targetId, reason, details: 'Details here' }, { token: reporter.jwt })))._id as string;
}

/** Every report of a status, across pages (other tests add reports too). */
async function allReports(token: string, status = 'open') {
  const first = await bodyOf(await get(`/admin/reports?status=${status}&limit=100`, { token }));
  const rest = await Promise.all(Array.from({ length: first.pages - 1 }, (_, i) => get(`/admin/reports?status=${status}&limit=100&page=${i + 2}`, { token }).then(bodyOf)));
  return [first, ...rest].flatMap((page) => page.data);
}

describe('GET /admin/reports', () => {
  it('lists open reports newest first with the reporter and the target (a post’s author)', async () => {
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const [reporter, target, author] = await someMembers(3);
    const postId = newId();
    const at = new Date().toISOString();
    await db(env)
      .insert(feedPosts)
      .values({ id: postId, slug: `post-${postId}`, authorUserId: author.user.id, text: 'Buy now', createdAt: at, updatedAt: at });
    const memberReport = await reportOf(reporter, 'member', target.user.id, 'fake-profile');
    const postReport = await reportOf(reporter, 'post', postId);

    const page = await bodyOf(await get('/admin/reports', { token: admin.jwt }));
    expect(page).toMatchObject({ page: 1, limit: 20, total: expect.any(Number), pages: expect.any(Number) });
    const reports = await allReports(admin.jwt);
    const ours = reports.filter((item: { _id: string }) => [memberReport, postReport].includes(item._id));
    expect(ours).toEqual([
      {
        _id: postReport,
        targetType: 'post',
        targetId: postId,
        reason: 'spam',
        details: 'Details here',
        status: 'open',
        createdAt: expect.any(String),
        reporter: expect.objectContaining({ _id: reporter.user.id }),
        target: expect.objectContaining({ _id: author.user.id }),
      },
      expect.objectContaining({
        _id: memberReport,
        targetType: 'member',
        reason: 'fake-profile',
        target: expect.objectContaining({ _id: target.user.id, name: `${target.founder!.firstName} ${target.founder!.lastName}` }),
      }),
    ]);
  });

  it('shows a null target once the member is gone', async () => {
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const [reporter, target] = await someMembers(2);
    const id = await reportOf(reporter, 'member', target.user.id);
    await db(env).delete(users).where(eq(users.id, target.user.id));
    expect((await allReports(admin.jwt)).find((item: { _id: string }) => item._id === id)).toMatchObject({ target: null });
  });

  it('is for administrators only, and checks its query', async () => {
    const member = await signedInMember();
    expect((await get('/admin/reports', { token: member.jwt })).status).toBe(403);
    expect((await get('/admin/reports')).status).toBe(401);
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const bad = await get('/admin/reports?status=closed&limit=0', { token: admin.jwt });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toEqual({ limit: 'must be at least 1', status: 'must be one of: open, resolved' });
  });
});

describe('acting on one report alone', () => {
  it('is no longer offered: the moderation queue closes every report of a thing together, audited', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    expect((await patch(`/admin/reports/${UNKNOWN_ID}`, { status: 'resolved' }, admin.jwt)).status).toBe(404);
  });
});
