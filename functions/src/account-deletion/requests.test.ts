import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember } from '../../test/api';
import { listAudit } from '../audit/audit';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { deletionRequests, users } from '../db/schema';
import worker from '../index';
import { REASON_MAX_LENGTH } from './schemas';

const patch = (path: string, body: unknown, token?: string) => call('PATCH', path, body, { token });
const DAY = 86_400_000;

async function ask(member: { jwt: string }, reason?: string) {
  const response = await post('/auth/profile-delete', reason === undefined ? {} : { reason }, { token: member.jwt });
  return { response, body: await bodyOf(response) };
}

/** Every request of a state across pages (other tests add requests too). */
async function allOf(token: string, status = 'pending') {
  const first = await bodyOf(await get(`/admin/profile-delete-request?status=${status}&limit=100`, { token }));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => get(`/admin/profile-delete-request?status=${status}&limit=100&page=${i + 2}`, { token }).then(bodyOf)),
  );
  return [first, ...rest].flatMap((page) => page.data) as Array<Record<string, unknown>>;
}

describe('who may call the deletion routes', () => {
  it('refuses visitors on every route, and members on the admin routes', async () => {
    const member = await signedInMember();
    for (const [method, path, body] of [
      ['GET', '/auth/profile-delete', undefined],
      ['POST', '/auth/profile-delete', {}],
      ['PATCH', '/auth/profile-delete', { status: 'withdrawn' }],
      ['GET', '/admin/profile-delete-request', undefined],
      ['PATCH', '/admin/profile-delete', { id: newId(), action: 'approve' }],
    ] as const) {
      expect((await call(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await get('/admin/profile-delete-request', { token: member.jwt })).status).toBe(403);
    expect((await patch('/admin/profile-delete', { id: newId(), action: 'approve' }, member.jwt)).status).toBe(403);
  });

  it("lets no member read or withdraw another member's request", async () => {
    const [asker, other] = [await signedInMember(), await signedInMember()];
    await ask(asker, 'Moving on');
    expect(await bodyOf(await get('/auth/profile-delete', { token: other.jwt }))).toEqual({ request: null });
    expect((await patch('/auth/profile-delete', { status: 'withdrawn' }, other.jwt)).status).toBe(404);
    expect((await bodyOf(await get('/auth/profile-delete', { token: asker.jwt }))).request.status).toBe('pending');
  });
});

describe('a member asks for deletion and withdraws it', () => {
  it('files a pending request due in 30 days, mails the date, and refuses a second one', async () => {
    const member = await signedInMember();
    expect(await bodyOf(await get('/auth/profile-delete', { token: member.jwt }))).toEqual({ request: null });

    const { response, body } = await ask(member, '  Found my co-founder  ');
    expect(response.status).toBe(201);
    expect(body.request).toMatchObject({ status: 'pending', reason: 'Found my co-founder', handledAt: null, adminNote: null, completedAt: null });
    expect(Date.parse(body.request.dueAt) - Date.parse(body.request.createdAt)).toBe(30 * DAY);
    expect((await bodyOf(await get('/auth/profile-delete', { token: member.jwt }))).request).toEqual(body.request);
    const [mail] = await mailTo(member.user.email);
    expect(mail!.subject).toContain('will be deleted by');
    expect(mail!.text).toContain('/settings/account');

    const again = await ask(member);
    expect(again.response.status).toBe(409);
    expect(again.body.message).toBe('A deletion request is already pending.');
  });

  it('withdraws the pending request once, mails it, and can ask again later', async () => {
    const member = await signedInMember();
    await ask(member);
    const withdrawn = await patch('/auth/profile-delete', { status: 'withdrawn' }, member.jwt);
    expect(withdrawn.status).toBe(200);
    expect((await bodyOf(withdrawn)).request).toMatchObject({ status: 'withdrawn', handledAt: expect.any(String) });
    expect((await mailTo(member.user.email))[0]!.subject).toContain('stays');

    const twice = await patch('/auth/profile-delete', { status: 'withdrawn' }, member.jwt);
    expect(twice.status).toBe(409);
    expect((await bodyOf(twice)).message).toBe('The deletion request is already withdrawn.');
    expect((await ask(member)).response.status).toBe(201);
  });

  it('answers 400 naming the field for a reason too long or another status', async () => {
    const member = await signedInMember();
    const long = await ask(member, 'x'.repeat(REASON_MAX_LENGTH + 1));
    expect(long.response.status).toBe(400);
    expect(long.body.message).toContain('reason');
    const wrong = await patch('/auth/profile-delete', { status: 'pending' }, member.jwt);
    expect(wrong.status).toBe(400);
    expect((await bodyOf(wrong)).message).toContain('status');
    expect((await patch('/auth/profile-delete', { status: 'withdrawn' }, member.jwt)).status).toBe(404);
  });
});

describe('administrators handle the requests', () => {
  it('lists pending requests oldest first with the member, email, reason, age and due date; filters by state', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember({ firstName: 'Listed' });
    const { body } = await ask(member, 'Too many emails');
    const pending = await allOf(admin.jwt);
    const mine = pending.find((item) => item._id === body.request._id);
    expect(mine).toMatchObject({
      status: 'pending',
      reason: 'Too many emails',
      email: member.user.email,
      ageDays: 0,
      dueAt: body.request.dueAt,
      handledBy: null,
      member: expect.objectContaining({ _id: member.user.id, name: expect.stringContaining('Listed') }),
    });
    const created = pending.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort());
    expect((await allOf(admin.jwt, 'rejected')).some((item) => item._id === body.request._id)).toBe(false);
    expect((await allOf(admin.jwt, 'all')).some((item) => item._id === body.request._id)).toBe(true);
    expect((await get('/admin/profile-delete-request?status=gone', { token: admin.jwt })).status).toBe(400);
  });

  it('rejects with a note the member reads and is mailed, audits it, and answers 409 to a second decision', async () => {
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Rita', lastName: 'Admin' });
    const member = await signedInMember();
    const { body } = await ask(member);
    const id = body.request._id;

    const noNote = await patch('/admin/profile-delete', { id, action: 'reject' }, admin.jwt);
    expect(noNote.status).toBe(400);
    expect((await bodyOf(noNote)).message).toContain('note');

    const rejected = await patch('/admin/profile-delete', { id, action: 'reject', note: 'You have an open invoice.' }, admin.jwt);
    expect(rejected.status).toBe(200);
    expect(await bodyOf(rejected)).toMatchObject({ status: 'rejected', adminNote: 'You have an open invoice.', handledBy: { _id: admin.user.id, name: 'Rita Admin' } });
    expect((await bodyOf(await get('/auth/profile-delete', { token: member.jwt }))).request).toMatchObject({ status: 'rejected', adminNote: 'You have an open invoice.' });
    expect((await mailTo(member.user.email))[0]!.text).toContain('You have an open invoice.');
    const audit = await listAudit(db(env), { targetId: id }, 10);
    expect(audit).toEqual([expect.objectContaining({ action: 'deletion.reject', adminId: admin.user.id, targetType: 'deletion-request', note: 'You have an open invoice.' })]);

    const late = await patch('/admin/profile-delete', { id, action: 'approve' }, admin.jwt);
    expect(late.status).toBe(409);
    expect((await bodyOf(late)).message).toContain('already rejected by Rita Admin');
    expect((await patch('/auth/profile-delete', { status: 'withdrawn' }, member.jwt)).status).toBe(409);
    expect((await patch('/admin/profile-delete', { id: newId(), action: 'approve' }, admin.jwt)).status).toBe(404);
  });

  it('tells an admin the member withdrew first', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    const { body } = await ask(member);
    await patch('/auth/profile-delete', { status: 'withdrawn' }, member.jwt);
    const late = await patch('/admin/profile-delete', { id: body.request._id, action: 'reject', note: 'No' }, admin.jwt);
    expect(late.status).toBe(409);
    expect((await bodyOf(late)).message).toContain('already withdrawn by the member');
  });

  it('lets exactly one of two admins deciding at once win, with one audit entry', async () => {
    const [first, second] = [await signedInMember({ userRole: 'admin' }), await signedInMember({ userRole: 'admin' })];
    const member = await signedInMember();
    const { body } = await ask(member);
    const id = body.request._id;
    const answers = await Promise.all([
      patch('/admin/profile-delete', { id, action: 'approve' }, first.jwt),
      patch('/admin/profile-delete', { id, action: 'reject', note: 'Not yet' }, second.jwt),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const audit = await listAudit(db(env), { targetId: id }, 10);
    expect(audit).toHaveLength(1);
    const [row] = await db(env).select().from(deletionRequests).where(eq(deletionRequests.id, id));
    expect(row!.status).toBe(audit[0]!.action === 'deletion.approve' ? 'completed' : 'rejected');
  });

  it('approving deletes the account at once and ends its sessions', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await signedInMember();
    const { body } = await ask(member);
    const approved = await patch('/admin/profile-delete', { id: body.request._id, action: 'approve' }, admin.jwt);
    expect(approved.status).toBe(200);
    expect(await bodyOf(approved)).toMatchObject({
      status: 'completed',
      completedAt: expect.any(String),
      email: null,
      member: expect.objectContaining({ name: 'Deleted member' }),
    });
    expect(await db(env).select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect((await get('/auth/profile-delete', { token: member.jwt })).status).toBe(401);
    expect((await mailTo(member.user.email))[0]!.subject).toContain('was deleted');
    expect((await listAudit(db(env), { targetId: body.request._id }, 10))[0]!.action).toBe('deletion.approve');
  });
});

describe('the scheduled trigger', () => {
  it('carries out requests pending for 30 days and leaves younger ones', async () => {
    const [old, young] = [await signedInMember(), await signedInMember()];
    const now = Date.now();
    const rows = [
      { member: old, createdAt: new Date(now - 31 * DAY) },
      { member: young, createdAt: new Date(now - 10 * DAY) },
    ].map(({ member, createdAt }) => ({
      id: newId(),
      userId: member.user.id,
      status: 'pending' as const,
      createdAt: createdAt.toISOString(),
      dueAt: new Date(createdAt.getTime() + 30 * DAY).toISOString(),
    }));
    await db(env).insert(deletionRequests).values(rows);

    const waits: Promise<unknown>[] = [];
    await worker.scheduled!({ cron: '17 * * * *', scheduledTime: now, noRetry() {} } as ScheduledController, env, {
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      passThroughOnException() {},
    } as unknown as ExecutionContext);
    await Promise.all(waits);

    expect(await db(env).select({ id: users.id }).from(users).where(eq(users.id, old.user.id))).toEqual([]);
    const [done] = await db(env).select().from(deletionRequests).where(eq(deletionRequests.id, rows[0]!.id));
    expect(done).toMatchObject({ status: 'completed', handledBy: null, completedAt: expect.any(String) });
    expect(done!.userId).not.toBe(old.user.id);
    expect((await bodyOf(await get('/auth/profile-delete', { token: young.jwt }))).request.status).toBe('pending');
  });
});
