import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, mailTo, post, signedInMember } from '../../test/api';
import { hashPassword } from './password';

const change = (token: string | undefined, body: Record<string, unknown>) => post('/auth/change-password', body, { token });

describe('POST /auth/change-password', () => {
  it('sets the new password and answers a new token; the old token stops working', async () => {
    const member = await signedInMember();
    const response = await change(member.jwt, { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' });
    expect(response.status).toBe(200);
    const { jwt, user } = await bodyOf(response);
    expect(user._id).toBe(member.user.id);
    expect(jwt).not.toBe(member.jwt);
    expect((await get('/auth/me', { token: jwt })).status).toBe(200);
    expect(await bodyOf(await get('/auth/me', { token: member.jwt }))).toEqual({
      message: 'Your session has expired. Please sign in again.',
      status: 401,
      // The same session goes on with the new token: the old one is simply out of date.
      data: { reason: 'expired' },
    });
    expect((await post('/auth/user-login', { email: member.user.email, password: 'my-new-password' })).status).toBe(200);
  });

  it('mails the member that the password changed, with the way to reset it and no secret (ASVS 2.2.3)', async () => {
    const member = await signedInMember({ firstName: '<b>Ada</b>' });
    expect((await change(member.jwt, { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' })).status).toBe(200);
    const [mail] = await mailTo(member.user.email);
    expect(mail!.subject).toBe('Your FounderMesh password was changed');
    expect(mail!.text).toContain("If this wasn't you, reset your password now");
    expect(mail!.text).toContain('http://127.0.0.1:4321/forgot-password');
    expect(mail!.html).toContain('href="http://127.0.0.1:4321/forgot-password"');
    expect(mail!.html).toContain('Hi &#60;b&#62;Ada&#60;/b&#62;,');
    expect(mail!.html).not.toContain('<b>Ada');
    for (const secret of [member.password, 'my-new-password', member.jwt]) expect(`${mail!.text}${mail!.html}`).not.toContain(secret);
  });

  it('mails nothing when the change is refused', async () => {
    const member = await signedInMember();
    await change(member.jwt, { currentPassword: 'not-my-password', password: 'my-new-password', passwordConfirmation: 'my-new-password' });
    expect(await mailTo(member.user.email)).toHaveLength(0);
  });

  it('refuses a wrong current password, naming it', async () => {
    const member = await signedInMember();
    const response = await change(member.jwt, { currentPassword: 'not-my-password', password: 'my-new-password', passwordConfirmation: 'my-new-password' });
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      message: 'currentPassword: is incorrect',
      status: 400,
      data: { fields: { currentPassword: 'is incorrect' } },
    });
  });

  it('refuses a new password equal to the current one', async () => {
    const member = await signedInMember();
    const response = await change(member.jwt, { currentPassword: member.password, password: member.password, passwordConfirmation: member.password });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ password: 'must differ from the current password' });
  });

  it('refuses an 11-character and a common new password, naming the password', async () => {
    const member = await signedInMember();
    const short = await change(member.jwt, { currentPassword: member.password, password: 'eleven-char', passwordConfirmation: 'eleven-char' });
    expect(short.status).toBe(400);
    expect((await bodyOf(short)).data.fields).toEqual({ password: 'must be at least 12 characters' });
    const common = await change(member.jwt, { currentPassword: member.password, password: '1q2w3e4r5t6y', passwordConfirmation: '1q2w3e4r5t6y' });
    expect(common.status).toBe(400);
    expect((await bodyOf(common)).data.fields).toEqual({ password: expect.stringMatching(/^is too common/) });
  });

  it('lets a member whose older password is shorter than 12 characters sign in and change it', async () => {
    const older = 'eight-ch';
    const member = await createMember({ passwordHash: await hashPassword(older, { N: 1024, r: 8, p: 1 }) });
    const login = await post('/auth/user-login', { email: member.user.email, password: older });
    expect(login.status).toBe(200);
    const { jwt } = await bodyOf(login);
    expect((await change(jwt, { currentPassword: older, password: 'my-new-password', passwordConfirmation: 'my-new-password' })).status).toBe(200);
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const member = await signedInMember();
    const response = await change(member.jwt, { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-other-password' });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ passwordConfirmation: 'must match the password' });
  });

  it('asks for authentication before looking at the body', async () => {
    const response = await change(undefined, {});
    expect(response.status).toBe(401);
    expect((await bodyOf(response)).message).toBe('Authentication required.');
  });
});
