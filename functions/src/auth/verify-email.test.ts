import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, mailTo, post, registration, uniqueEmail, verificationCodeFor } from '../../test/api';
import { createApp } from '../app';
import { fixedClock } from '../clock';

const INVALID_CODE = { message: 'This code is invalid or has expired.', status: 400, data: { fields: { code: 'is invalid or has expired' } } };
const ALREADY_VERIFIED = { message: 'This email address is already verified. Sign in to continue.', status: 409, data: { fields: { email: 'is already verified' } } };
const RESENT = { ok: true, message: 'If that account needs verifying, we have sent a new code.' };

/** An app whose clock runs `minutes` ahead of the real one. */
function appLater(minutes: number) {
  return createApp({ clock: fixedClock(new Date(Date.now() + minutes * 60_000)) });
}

/** A six-digit code other than `code`, different for each `guess`. */
function wrongCode(code: string, guess: number): string {
  return String((Number(code) + guess) % 1_000_000).padStart(6, '0');
}

/** An unverified member with one code mailed (through resend, which sends when no code exists yet). */
async function unverifiedMemberWithCode() {
  const member = await createMember({ emailVerified: false });
  await post('/auth/resend-verification', { email: member.user.email });
  return { member, code: await verificationCodeFor(member.user.email) };
}

describe('POST /auth/verify-email', () => {
  it('verifies the email from the registration mail and signs the member in', async () => {
    const body = registration();
    await post('/users/register', body);
    const code = await verificationCodeFor(body.email);

    const response = await post('/auth/verify-email', { email: body.email, code });
    expect(response.status).toBe(200);
    const { jwt, user } = await bodyOf(response);
    expect(user).toMatchObject({ email: body.email, emailVerified: true });
    expect((await bodyOf(await get('/auth/me', { token: jwt }))).emailVerified).toBe(true);
  });

  it('accepts each code once only, and tells a second use that the address is already verified', async () => {
    const { member, code } = await unverifiedMemberWithCode();
    expect((await post('/auth/verify-email', { email: member.user.email, code })).status).toBe(200);
    const again = await post('/auth/verify-email', { email: member.user.email, code });
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual(ALREADY_VERIFIED);
  });

  it('refuses a wrong code, and answers an unknown email the same way', async () => {
    const { member, code } = await unverifiedMemberWithCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await bodyOf(await post('/auth/verify-email', { email: member.user.email, code: wrong }))).toEqual(INVALID_CODE);
    expect(await bodyOf(await post('/auth/verify-email', { email: uniqueEmail('nobody'), code }))).toEqual(INVALID_CODE);
  });

  it('takes 4 wrong guesses at a code and still accepts it', async () => {
    const { member, code } = await unverifiedMemberWithCode();
    for (let guess = 1; guess <= 4; guess++)
      expect(await bodyOf(await post('/auth/verify-email', { email: member.user.email, code: wrongCode(code, guess) }))).toEqual(INVALID_CODE);
    expect((await post('/auth/verify-email', { email: member.user.email, code })).status).toBe(200);
  });

  it('kills a code at its 5th wrong guess, even when the right one follows', async () => {
    const { member, code } = await unverifiedMemberWithCode();
    for (let guess = 1; guess <= 5; guess++)
      expect(await bodyOf(await post('/auth/verify-email', { email: member.user.email, code: wrongCode(code, guess) }))).toEqual(INVALID_CODE);
    expect(await bodyOf(await post('/auth/verify-email', { email: member.user.email, code }))).toEqual(INVALID_CODE);

    await post('/auth/resend-verification', { email: member.user.email }, { app: appLater(2) });
    expect((await post('/auth/verify-email', { email: member.user.email, code: await verificationCodeFor(member.user.email) })).status).toBe(200);
  });

  it('accepts a code in its 10th minute and refuses it after its 10 minutes', async () => {
    const first = await unverifiedMemberWithCode();
    expect((await post('/auth/verify-email', { email: first.member.user.email, code: first.code }, { app: appLater(9.9) })).status).toBe(200);

    const late = await unverifiedMemberWithCode();
    const response = await post('/auth/verify-email', { email: late.member.user.email, code: late.code }, { app: appLater(10.1) });
    expect(await bodyOf(response)).toEqual(INVALID_CODE);
  });

  it('lets a member whose code ran out ask for a new one that works', async () => {
    const { member } = await unverifiedMemberWithCode();
    await post('/auth/resend-verification', { email: member.user.email }, { app: appLater(11) });
    const fresh = await verificationCodeFor(member.user.email);
    expect((await post('/auth/verify-email', { email: member.user.email, code: fresh }, { app: appLater(12) })).status).toBe(200);
  });

  it('refuses a code that is not six digits before looking it up', async () => {
    const response = await post('/auth/verify-email', { email: uniqueEmail(), code: '12ab' });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ code: 'must be the 6-digit code from the email' });
  });

  it('allows 10 attempts per email in 15 minutes', async () => {
    const email = uniqueEmail('verify-guess');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await post('/auth/verify-email', { email, code: '123456' })).status).toBe(400);
    }
    expect((await post('/auth/verify-email', { email, code: '123456' })).status).toBe(429);
  });
});

describe('POST /auth/resend-verification', () => {
  it('answers the same for unknown, verified and unverified addresses', async () => {
    const verified = await createMember();
    const unverified = await createMember({ emailVerified: false });
    for (const email of [uniqueEmail('nobody'), verified.user.email, unverified.user.email]) {
      const response = await post('/auth/resend-verification', { email });
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toEqual(RESENT);
    }
    expect(await mailTo(verified.user.email)).toHaveLength(0);
    expect(await mailTo(unverified.user.email)).toHaveLength(1);
  });

  it('sends at most one code a minute, and a new code retires the previous one', async () => {
    const { member, code: first } = await unverifiedMemberWithCode();
    await post('/auth/resend-verification', { email: member.user.email });
    expect(await mailTo(member.user.email)).toHaveLength(1);

    await post('/auth/resend-verification', { email: member.user.email }, { app: appLater(2) });
    expect(await mailTo(member.user.email)).toHaveLength(2);
    const second = await verificationCodeFor(member.user.email);
    if (second !== first) {
      expect(await bodyOf(await post('/auth/verify-email', { email: member.user.email, code: first }))).toEqual(INVALID_CODE);
    }
    expect((await post('/auth/verify-email', { email: member.user.email, code: second })).status).toBe(200);
  });

  it('allows 5 requests per email an hour', async () => {
    const email = uniqueEmail('resend');
    for (let attempt = 1; attempt <= 5; attempt++) expect((await post('/auth/resend-verification', { email })).status).toBe(200);
    expect((await post('/auth/resend-verification', { email })).status).toBe(429);
  });
});
