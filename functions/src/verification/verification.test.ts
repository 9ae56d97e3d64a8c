import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember } from '../../test/api';
import { createApp } from '../app';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { founderWith } from '../search/test-profiles';
import { VERIFICATION_MESSAGES as M } from '../shared/verification-messages';
import { WORK_CODE_MINUTES, WRONG_GUESSES_PER_CODE } from './work-codes';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Options = { app?: ReturnType<typeof createApp> };

const database = db(env);
let domains = 0;
/** A work address at a reserved domain of its own (nothing is sent outside the dev mailbox). */
const workAddress = (name = 'someone') => `${name}@acme${++domains}-${Date.now().toString(36)}.example`;

const askCode = (member: Member, email: string, options: Options = {}) => post('/verification/work', { email }, { token: member.jwt, ...options });
const confirm = (member: Member, code: string, options: Options = {}) => post('/verification/work/confirm', { code }, { token: member.jwt, ...options });
const statusOf = async (member: Member) => bodyOf(await get('/verification', { token: member.jwt }));

/** The code in the newest work verification mail to `email`. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await mailTo(email);
  const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no work code mailed to ${email}`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The founder search by the member's unique last name, verified only or not. */
async function foundIds(viewer: Member, lastName: string, verified: boolean): Promise<string[]> {
  const response = await get(`/founder/search?q=${encodeURIComponent(lastName)}${verified ? '&verified=true' : ''}`, { token: viewer.jwt });
  expect(response.status).toBe(200);
  return (await bodyOf(response)).data.map((member: { _id: string }) => member._id);
}

const linkLinkedIn = (member: Member) =>
  database.run(
    sql`INSERT INTO social_identities (provider, subject, user_id, email, created_at) VALUES ('linkedin', ${newId()}, ${member.user.id}, ${member.user.email}, ${new Date().toISOString()})`,
  );

describe('a work address proved by a mailed code', () => {
  it('mails a code kept hashed, and the right code puts the domain on the badge, on cards and in the verified-only search', async () => {
    const ada = await founderWith({ firstName: 'Ada' });
    const viewer = await signedInMember();
    const email = workAddress('Ada');
    expect(await foundIds(viewer, ada.user.lastName, true)).toEqual([]);

    const sent = await askCode(ada, `  ${email.toUpperCase()} `);
    expect(sent.status).toBe(202);
    const body = await bodyOf(sent);
    expect(body.email).toBe(email.toLowerCase());
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan((WORK_CODE_MINUTES - 1) * 60_000);
    const code = await mailedCode(email.toLowerCase());
    const [stored] = await database.all<{ code_hash: string }>(sql`SELECT code_hash FROM work_email_codes WHERE user_id = ${ada.user.id}`);
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.code_hash).not.toContain(code);
    expect(await statusOf(ada)).toMatchObject({ badge: null, pending: { email: email.toLowerCase() } });

    const confirmed = await confirm(ada, code);
    expect(confirmed.status).toBe(200);
    const domain = email.toLowerCase().split('@')[1];
    expect(await bodyOf(confirmed)).toMatchObject({ badge: { linkedin: false, workDomain: domain }, work: { verified: true, domain }, pending: null });

    // The code is used up.
    expect((await bodyOf(await confirm(ada, code))).message).toBe(M.noPendingCode);
    // The badge is on her card in search results, and the filter finds her.
    const [card] = (await bodyOf(await get(`/founder/search?q=${ada.user.lastName}`, { token: viewer.jwt }))).data;
    expect(card.verified).toEqual({ linkedin: false, workDomain: domain });
    expect(await foundIds(viewer, ada.user.lastName, true)).toEqual([ada.user.id]);

    // She removes it: off the badge and out of the verified-only search.
    const removed = await call('DELETE', '/verification/work', undefined, { token: ada.jwt });
    expect(await bodyOf(removed)).toMatchObject({ badge: null, work: { verified: false } });
    expect(await foundIds(viewer, ada.user.lastName, true)).toEqual([]);
    expect(await foundIds(viewer, ada.user.lastName, false)).toEqual([ada.user.id]);
  });

  it('refuses free mail domains and malformed addresses with a 400 naming email, and mails nothing', async () => {
    const member = await signedInMember();
    for (const email of ['someone@gmail.com', 'someone@mail.yahoo.co.uk', 'someone@OUTLOOK.com']) {
      const refused = await askCode(member, email);
      expect(refused.status).toBe(400);
      expect(await bodyOf(refused)).toMatchObject({ message: `email: ${M.freeMail}`, data: { fields: { email: M.freeMail } } });
    }
    expect(await mailTo('someone@gmail.com')).toEqual([]);
    for (const email of ['not an address', 'a@b', '']) expect((await bodyOf(await askCode(member, email))).message).toBe(`email: ${M.invalidEmail}`);
    expect((await bodyOf(await post('/verification/work/confirm', { code: '12ab' }, { token: member.jwt }))).message).toContain('code');
  });

  it('expires a code after its lifetime', async () => {
    const clock = fixedClock(new Date());
    const app = createApp({ clock });
    const member = await signedInMember();
    const email = workAddress();
    await askCode(member, email, { app });
    const code = await mailedCode(email);
    clock.set(new Date(clock.now().getTime() + (WORK_CODE_MINUTES + 1) * 60_000));
    const late = await confirm(member, code, { app });
    expect(late.status).toBe(400);
    expect(await bodyOf(late)).toMatchObject({ message: M.codeExpired, data: { fields: { code: 'has expired' } } });
    expect((await statusOf(member)).badge).toBeNull();
  });

  it(`kills a code at its ${WRONG_GUESSES_PER_CODE}th wrong guess, even when the guesses come at once`, async () => {
    const member = await signedInMember();
    const email = workAddress();
    await askCode(member, email);
    const code = await mailedCode(email);
    const first = await bodyOf(await confirm(member, wrongOf(code)));
    expect(first).toMatchObject({ message: M.wrongCode(WRONG_GUESSES_PER_CODE - 1), data: { left: WRONG_GUESSES_PER_CODE - 1 } });
    const rest = await Promise.all(Array.from({ length: 8 }, () => confirm(member, wrongOf(code)).then(bodyOf)));
    expect(rest.filter((answer) => answer.message === M.tooManyGuesses).length).toBeGreaterThanOrEqual(1);
    // The right code no longer works: the guesses killed it.
    const right = await confirm(member, code);
    expect(right.status).toBe(404);
    expect((await statusOf(member)).badge).toBeNull();
  });

  it('limits the codes mailed per member, with Retry-After', async () => {
    const member = await signedInMember();
    for (let sent = 0; sent < 10; sent += 1) expect((await askCode(member, workAddress())).status).toBe(202);
    const limited = await askCode(member, workAddress());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('a linked LinkedIn sign-in', () => {
  it('gives the LinkedIn badge while linked', async () => {
    const lin = await founderWith({ firstName: 'Lin' });
    const viewer = await signedInMember();
    await linkLinkedIn(lin);
    expect((await statusOf(lin)).badge).toEqual({ linkedin: true, workDomain: null });
    expect(await foundIds(viewer, lin.user.lastName, true)).toEqual([lin.user.id]);
    await database.run(sql`DELETE FROM social_identities WHERE user_id = ${lin.user.id} AND provider = 'linkedin'`);
    expect((await statusOf(lin)).badge).toBeNull();
    expect(await foundIds(viewer, lin.user.lastName, true)).toEqual([]);
  });
});

describe('an administrator withdrawing a badge', () => {
  it('withdraws it for good, audits it once and tells the member', async () => {
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Wanda' });
    const mallory = await founderWith({ firstName: 'Mallory' });
    const viewer = await signedInMember();
    await linkLinkedIn(mallory);
    const email = workAddress('mallory');
    await askCode(mallory, email);
    await confirm(mallory, await mailedCode(email));
    const path = `/admin/members/${mallory.user.id}/verification/withdraw`;

    expect((await call('POST', path, { method: 'work' }, { token: mallory.jwt })).status).toBe(403);
    const badMethod = await call('POST', path, { method: 'passport' }, { token: admin.jwt });
    expect(badMethod.status).toBe(400);
    expect((await bodyOf(badMethod)).message).toContain('method');

    const withdrawn = await call('POST', path, { method: 'work', note: 'Not an employee' }, { token: admin.jwt });
    expect(withdrawn.status).toBe(200);
    expect((await statusOf(mallory)).badge).toEqual({ linkedin: true, workDomain: null });
    expect((await call('POST', path, { method: 'work' }, { token: admin.jwt })).status).toBe(404);
    await call('POST', path, { method: 'linkedin' }, { token: admin.jwt });
    expect(await statusOf(mallory)).toMatchObject({ badge: null, linkedin: { verified: false, withdrawn: true }, work: { withdrawn: true } });
    expect(await foundIds(viewer, mallory.user.lastName, true)).toEqual([]);

    // Proving again or removing and proving again does not bring it back.
    expect((await bodyOf(await askCode(mallory, workAddress('mallory')))).message).toBe(M.withdrawnWork);
    await call('DELETE', '/verification/work', undefined, { token: mallory.jwt });
    expect((await askCode(mallory, workAddress('mallory'))).status).toBe(409);

    const log = await bodyOf(await call('GET', `/admin/audit?targetType=member&targetId=${mallory.user.id}`, undefined, { token: admin.jwt }));
    expect(log.data.map((entry: { action: string; note: string | null }) => [entry.action, entry.note])).toEqual([
      ['verification.withdraw', 'LinkedIn'],
      ['verification.withdraw', 'work address: Not an employee'],
    ]);
    const notices = (await bodyOf(await get('/notifications', { token: mallory.jwt }))).data.filter((notice: { kind: string }) => notice.kind === 'verification.withdrawn');
    expect(notices).toHaveLength(2);
    expect(notices.map((notice: { body: string }) => notice.body)).toContainEqual(expect.stringContaining('Reason: Not an employee'));
    expect((await call('POST', `/admin/members/${'0'.repeat(24)}/verification/withdraw`, { method: 'work' }, { token: admin.jwt })).status).toBe(404);
  });
});
