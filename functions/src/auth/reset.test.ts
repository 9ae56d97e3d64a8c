import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, mailTo, post, resetCodeFor, signedInMember, uniqueEmail, uniqueIp, verificationCodeFor } from '../../test/api';
import { createApp } from '../app';
import { fixedClock } from '../clock';

const REQUESTED = { ok: true, message: 'If an account exists for that address, we have sent a password reset link.' };
const INVALID_CODE = { message: 'This code is invalid or has expired.', status: 400, data: { fields: { code: 'is invalid or has expired' } } };
const NEW_PASSWORD = 'a-brand-new-password';

const requestReset = (email: string) => post('/auth/reset-password', { type: 'request', email });
const reset = (code: string, password = NEW_PASSWORD, app?: ReturnType<typeof createApp>) =>
  post('/auth/reset-password', { type: 'reset', code, password, passwordConfirmation: password }, { app });

describe('POST /auth/reset-password, type request', () => {
  it('mails a single-use link to the reset page and answers ok', async () => {
    const member = await createMember();
    const response = await requestReset(member.user.email);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual(REQUESTED);
    const [mail] = await mailTo(member.user.email);
    expect(mail!.subject).toBe('Reset your FounderMesh password');
    expect(mail!.text).toMatch(/http:\/\/127\.0\.0\.1:4321\/reset-password\?code=[A-Za-z0-9_-]{43}\n/);
    // Recovery never reveals the current password (only its hash is stored).
    expect(`${mail!.text}${mail!.html}`).not.toContain(member.password);
  });

  it('answers an unknown address exactly the same, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await requestReset(email);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual(REQUESTED);
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('mails at most 3 links an hour per account: the 4th request is answered the same and mails nothing', async () => {
    const member = await createMember();
    for (let request = 1; request <= 4; request++) {
      const response = await requestReset(member.user.email);
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toEqual(REQUESTED);
    }
    expect(await mailTo(member.user.email)).toHaveLength(3);
    const anHourLater = createApp({ clock: fixedClock(new Date(Date.now() + 61 * 60_000)) });
    expect(await bodyOf(await post('/auth/reset-password', { type: 'request', email: member.user.email }, { app: anHourLater }))).toEqual(REQUESTED);
    expect(await mailTo(member.user.email)).toHaveLength(4);
  });

  it('keeps the last link mailed usable however many requests follow', async () => {
    const member = await createMember();
    for (let request = 1; request <= 3; request++) await requestReset(member.user.email);
    const code = await resetCodeFor(member.user.email);
    for (let request = 1; request <= 5; request++) expect((await requestReset(member.user.email)).status).toBe(200);
    expect((await reset(code)).status).toBe(200);
  });

  it('allows 20 requests per client address in 30 minutes; the 21st gets a 429', async () => {
    const ip = uniqueIp();
    for (let request = 1; request <= 20; request++) expect((await post('/auth/reset-password', { type: 'request', email: uniqueEmail('spray') }, { ip })).status).toBe(200);
    const limited = await post('/auth/reset-password', { type: 'request', email: uniqueEmail('spray') }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await bodyOf(limited)).message).toMatch(/^Too many attempts\. Please try again in 30 minutes\.$/);
  });
});

describe('POST /auth/reset-password, type reset', () => {
  it('sets the new password, verifies the email, signs the member in and signs out older sessions', async () => {
    const member = await signedInMember({ emailVerified: false });
    await requestReset(member.user.email);
    const code = await resetCodeFor(member.user.email);

    const response = await reset(code);
    expect(response.status).toBe(200);
    const { jwt, user } = await bodyOf(response);
    expect(user).toMatchObject({ _id: member.user.id, emailVerified: true });
    expect((await get('/auth/me', { token: jwt })).status).toBe(200);
    expect((await get('/auth/me', { token: member.jwt })).status).toBe(401);

    expect((await post('/auth/user-login', { email: member.user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('mails the member that the password was reset, with no code or password in it (ASVS 2.2.3)', async () => {
    const member = await createMember();
    await requestReset(member.user.email);
    const code = await resetCodeFor(member.user.email);
    expect((await reset(code)).status).toBe(200);
    const [notice, link] = await mailTo(member.user.email);
    expect(link!.subject).toBe('Reset your FounderMesh password');
    expect(notice!.subject).toBe('Your FounderMesh password was changed');
    expect(notice!.text).toContain('password was just reset with the link we emailed you');
    expect(notice!.text).toContain("If this wasn't you, reset your password now");
    expect(notice!.text).toContain('http://127.0.0.1:4321/forgot-password');
    for (const secret of [code, NEW_PASSWORD]) expect(`${notice!.text}${notice!.html}`).not.toContain(secret);
  });

  it('accepts a code once, and retires the member’s other reset codes with it', async () => {
    const member = await createMember();
    await requestReset(member.user.email);
    const code = await resetCodeFor(member.user.email);
    expect((await reset(code, 'first-new-password')).status).toBe(200);
    expect(await bodyOf(await reset(code, 'second-new-password'))).toEqual(INVALID_CODE);
  });

  it('expires the member’s verification codes, which would otherwise sign them in', async () => {
    const member = await createMember({ emailVerified: false });
    await post('/auth/resend-verification', { email: member.user.email });
    const verificationCode = await verificationCodeFor(member.user.email);
    await requestReset(member.user.email);
    expect((await reset(await resetCodeFor(member.user.email))).status).toBe(200);
    // The reset verified the address: the old code signs nobody in, it only hears so.
    const answer = await post('/auth/verify-email', { email: member.user.email, code: verificationCode });
    expect(answer.status).toBe(409);
    expect(await bodyOf(answer)).not.toHaveProperty('jwt');
  });

  it('makes an earlier link useless once a newer one is sent', async () => {
    const member = await createMember();
    await requestReset(member.user.email);
    const older = await resetCodeFor(member.user.email);
    await requestReset(member.user.email);
    expect(await bodyOf(await reset(older))).toEqual(INVALID_CODE);
    expect((await reset(await resetCodeFor(member.user.email))).status).toBe(200);
  });

  it('refuses a code after its hour', async () => {
    const member = await createMember();
    await requestReset(member.user.email);
    const code = await resetCodeFor(member.user.email);
    const later = createApp({ clock: fixedClock(new Date(Date.now() + 61 * 60_000)) });
    expect(await bodyOf(await reset(code, NEW_PASSWORD, later))).toEqual(INVALID_CODE);
  });

  it('refuses an unknown code with the field-named 400', async () => {
    const response = await reset('this-code-was-never-issued');
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual(INVALID_CODE);
  });

  it('refuses an 11-character and a common password, naming the password, and keeps the code usable', async () => {
    const member = await createMember();
    await requestReset(member.user.email);
    const code = await resetCodeFor(member.user.email);
    const short = await reset(code, 'eleven-char');
    expect(short.status).toBe(400);
    expect((await bodyOf(short)).data.fields).toEqual({ password: 'must be at least 12 characters' });
    const common = await reset(code, 'qwertyuiop12');
    expect(common.status).toBe(400);
    expect((await bodyOf(common)).data.fields).toEqual({ password: expect.stringMatching(/^is too common/) });
    expect((await reset(code)).status).toBe(200);
  });

  it('refuses a confirmation that differs from the password', async () => {
    const response = await post('/auth/reset-password', { type: 'reset', code: 'whatever', password: NEW_PASSWORD, passwordConfirmation: 'something-else' });
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      message: 'passwordConfirmation: must match the password',
      status: 400,
      data: { fields: { passwordConfirmation: 'must match the password' } },
    });
  });

  it('refuses a body without a known type, naming the type', async () => {
    expect((await bodyOf(await post('/auth/reset-password', { email: uniqueEmail() }))).data.fields).toEqual({ type: 'is required' });
    expect((await bodyOf(await post('/auth/reset-password', { type: 'forgot' }))).data.fields).toEqual({ type: 'must be one of: request, reset' });
  });
});
