import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, mailTo, post, registration, signedInMember, uniqueEmail, uniqueIp } from '../../test/api';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { invitations } from '../db/schema';
import { readConfig } from '../config';
import { INVITATION_MESSAGES as M } from './messages';
import { invitationTokenHash, newInvitationToken } from './tokens';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const PER_WEEK = readConfig(env).invitationsPerWeek;
const invite = (member: Member, email: string) => post('/invitations', { email }, { token: member.jwt });
const listOf = async (member: Member) => bodyOf(await get('/invitations', { token: member.jwt }));

/** The token of the newest invitation link mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  const tokens = (await mailTo(email)).map((mail) => /\/join\/([\w-]{43})/.exec(mail.text)?.[1]);
  const token = tokens.find(Boolean);
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** An invitation stored straight in D1 with a known token, open or (`expiresInMs` ≤ 0) expired. */
async function storedInvitation(inviter: Member, email: string, expiresInMs: number) {
  const token = newInvitationToken();
  const now = Date.now();
  await db(env)
    .insert(invitations)
    .values({
      id: newId(),
      inviterId: inviter.user.id,
      email,
      tokenHash: await invitationTokenHash(token),
      createdAt: new Date(now - 15 * 86_400_000).toISOString(),
      expiresAt: new Date(now + expiresInMs).toISOString(),
    });
  return token;
}

describe('invitations', () => {
  it('mail a link naming the inviter, which leads to a page naming them too, and list as sent', async () => {
    const inviter = await signedInMember({ firstName: 'Ines', lastName: 'Inviter' });
    const email = uniqueEmail('colleague');
    const response = await invite(inviter, email.toUpperCase());
    expect(response.status).toBe(201);
    expect(await bodyOf(response)).toEqual(expect.objectContaining({ email, status: 'sent', member: null }));

    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Ines Inviter invited you to FounderMesh');
    const token = await mailedToken(email);
    const landing = await bodyOf(await get(`/invitations/${token}`));
    expect(landing).toEqual({ email, expiresAt: expect.any(String), inviter: expect.objectContaining({ _id: inviter.user.id, name: 'Ines Inviter' }) });
    expect(JSON.stringify(await listOf(inviter))).not.toContain(token);
    expect(await listOf(inviter)).toEqual({ data: [expect.objectContaining({ email, status: 'sent' })], perWeek: PER_WEEK, sentThisWeek: 1 });
  });

  it('refuse a member’s address, an open repeat and a bad address, naming the field', async () => {
    const [inviter, member] = [await signedInMember(), await signedInMember()];
    const taken = await invite(inviter, member.user.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(await bodyOf(taken)).toEqual({ message: M.alreadyMember, status: 409, data: { fields: { email: 'is already a member' } } });

    const email = uniqueEmail('twice');
    expect((await invite(inviter, email)).status).toBe(201);
    const repeated = await invite(inviter, ` ${email} `);
    expect(repeated.status).toBe(409);
    expect(await bodyOf(repeated)).toEqual(expect.objectContaining({ message: M.alreadyInvited, data: { fields: { email: 'was invited already' } } }));
    // Another member may invite the same address.
    expect((await invite(await signedInMember(), email)).status).toBe(201);

    const bad = await invite(inviter, 'not-an-address');
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toHaveProperty('email');
    expect((await listOf(inviter)).data).toHaveLength(1);
    expect((await mailTo(email)).length).toBe(2);
  });

  it('allow the weekly number even when sent all at once, then answer 429 with Retry-After', async () => {
    const inviter = await signedInMember();
    const answers = await Promise.all(Array.from({ length: PER_WEEK + 3 }, (_, index) => invite(inviter, uniqueEmail(`burst${index}`))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(PER_WEEK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.status === 429)!;
    const wait = Number(refused.headers.get('Retry-After'));
    // The first of the week's invitations turns a week old in a little under seven days.
    expect(wait).toBeGreaterThan(7 * 86_400 - 120);
    expect(wait).toBeLessThanOrEqual(7 * 86_400);
    const body = await bodyOf(refused);
    expect(body).toEqual(expect.objectContaining({ status: 429, data: { retryAfter: wait } }));
    expect(body.message).toMatch(/^Too many invitations \(you can send \d+ a week\)\. Please try again in 16[78] hours\.$/);
    expect(await listOf(inviter)).toEqual(expect.objectContaining({ sentThisWeek: PER_WEEK }));
  });

  it('record who registered through the link, tell the inviter, and work once', async () => {
    const inviter = await signedInMember({ firstName: 'Olu', lastName: 'Open' });
    const email = uniqueEmail('joiner');
    await invite(inviter, email);
    const token = await mailedToken(email);
    const registered = await post('/users/register', registration({ email, firstName: 'Jo', lastName: 'Joiner', invitation: token }), { ip: uniqueIp() });
    expect(registered.status).toBe(201);
    const joinerId = (await bodyOf(registered)).user._id;

    const { data } = await listOf(inviter);
    expect(data).toEqual([
      expect.objectContaining({ email, status: 'joined', joinedAt: expect.any(String), member: expect.objectContaining({ _id: joinerId, name: 'Jo Joiner' }) }),
    ]);
    const notifications = await bodyOf(await get('/notifications', { token: inviter.jwt }));
    expect(notifications.data).toContainEqual(
      expect.objectContaining({
        kind: 'invitation.joined',
        title: 'Jo Joiner joined through your invitation',
        link: '/settings/invitations',
        userSender: expect.objectContaining({ _id: joinerId }),
      }),
    );
    const again = await get(`/invitations/${token}`);
    expect(again.status).toBe(404);
    expect(await bodyOf(again)).toEqual(expect.objectContaining({ message: M.used, data: { reason: 'used' } }));
  });

  it('expire: the page says so, the list shows it, and registering through it credits nobody', async () => {
    const inviter = await signedInMember();
    const email = uniqueEmail('late');
    const token = await storedInvitation(inviter, email, -1000);
    const expired = await get(`/invitations/${token}`);
    expect(expired.status).toBe(404);
    expect(await bodyOf(expired)).toEqual(expect.objectContaining({ message: M.expired, data: { reason: 'expired' } }));
    expect((await listOf(inviter)).data).toEqual([expect.objectContaining({ status: 'expired' })]);
    // The account stands, the invitation stays unused, and the same member may invite the address again.
    expect((await post('/users/register', registration({ email: uniqueEmail('late-other'), invitation: token }), { ip: uniqueIp() })).status).toBe(201);
    expect((await listOf(inviter)).data).toEqual([expect.objectContaining({ status: 'expired', member: null })]);
    expect((await invite(inviter, email)).status).toBe(201);
  });

  it('answer 404 for an unknown token and 400 for one of the wrong shape, naming the field', async () => {
    expect((await get(`/invitations/${newInvitationToken()}`)).status).toBe(404);
    const bad = await get('/invitations/short');
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toHaveProperty('token');
    const register = await post('/users/register', registration({ invitation: '<script>' }), { ip: uniqueIp() });
    expect(register.status).toBe(400);
    expect((await bodyOf(register)).data.fields).toHaveProperty('invitation');
  });

  it('name nobody once the inviter deleted their account, and keep leading into registration', async () => {
    const inviter = await signedInMember();
    const email = uniqueEmail('orphan');
    const token = await storedInvitation(inviter, email, 86_400_000);
    await db(env).run(sql`DELETE FROM users WHERE id = ${inviter.user.id}`);
    expect(await bodyOf(await get(`/invitations/${token}`))).toEqual({ email, expiresAt: expect.any(String), inviter: null });
    expect((await post('/users/register', registration({ email, invitation: token }), { ip: uniqueIp() })).status).toBe(201);
    const [row] = await db(env).select().from(invitations).where(eq(invitations.email, email));
    expect(row).toEqual(expect.objectContaining({ inviterId: null, joinedAt: expect.any(String) }));
  });

  it('need a signed-in member to send or list', async () => {
    expect((await post('/invitations', { email: uniqueEmail() })).status).toBe(401);
    expect((await get('/invitations')).status).toBe(401);
  });
});
