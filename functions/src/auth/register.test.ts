import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, mailTo, post, registration, uniqueIp } from '../../test/api';
import { AUTH_MESSAGES } from './messages';

describe('POST /users/register', () => {
  it('creates an unverified founder with a founder profile and answers 201', async () => {
    const body = registration({ firstName: 'Ada', lastName: 'Lovelace' });
    const response = await post('/users/register', body);
    expect(response.status).toBe(201);
    const { message, user } = await bodyOf(response);
    expect(message).toBe(AUTH_MESSAGES.registered);
    expect(user).toMatchObject({
      email: body.email,
      phone: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      memberType: 'founder',
      userRole: 'member',
      role: { type: 'free' },
      onboarded: false,
      emailVerified: false,
      refreshToken: null,
      advisor: null,
      founder: { premium: false },
      profile: { firstName: 'Ada', lastName: 'Lovelace', tagline: null, profilePicture: null, profileBanner: null },
    });
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(user.profile._id).toMatch(/^[0-9a-f]{24}$/);
    expect(user.profile.slug).toMatch(/^ada-lovelace(-\d+)?$/);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('ignores fields a newcomer may not set: role, verification, premium, token version (ASVS 5.1.2)', async () => {
    const body = registration({
      userRole: 'admin',
      role: { type: 'premium' },
      emailVerified: true,
      onboarded: true,
      tokenVersion: 99,
      founder: { premium: true },
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    });
    const response = await post('/users/register', body);
    expect(response.status).toBe(201);
    const { user } = await bodyOf(response);
    expect(user).toMatchObject({ userRole: 'member', role: { type: 'free' }, emailVerified: false, onboarded: false, founder: { premium: false } });
    expect(user._id).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    // Still unverified: signing in is refused until the mailed code is used.
    expect((await post('/auth/user-login', { email: body.email, password: body.password }, { ip: uniqueIp() })).status).toBe(403);
  });

  it('gives each of many sign-ups with one name at once its own slug, never a 500', async () => {
    const lastName = `Racer${crypto.randomUUID().slice(0, 6)}`;
    const bodies = Array.from({ length: 12 }, () => registration({ firstName: 'Ada', lastName }));
    const responses = await Promise.all(bodies.map((body) => post('/users/register', body, { ip: uniqueIp() })));
    expect(responses.map((response) => response.status)).toEqual(bodies.map(() => 201));
    const slugs = await Promise.all(responses.map(async (response) => (await bodyOf(response)).user.profile.slug as string));
    expect(new Set(slugs).size).toBe(bodies.length);
    for (const slug of slugs) expect(slug).toMatch(new RegExp(`^ada-${lastName.toLowerCase()}(-[0-9a-z]+)?$`));
    // Twelve password hashes at once: seconds of CPU on a loaded two-core machine.
  }, 30_000);

  it('mails a six-digit code and a link to the verify-email page', async () => {
    const body = registration();
    await post('/users/register', body);
    const [mail] = await mailTo(body.email);
    const code = /verification code is:\s+(\d{6})/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.subject).toContain('FounderMesh');
    expect(mail!.text).toContain(`http://127.0.0.1:4321/verify-email?email=${encodeURIComponent(body.email)}&code=${code}`);
    expect(mail!.html).toContain(code);
    expect(mail!.text).toContain('valid for 10 minutes');
    expect(mail!.html).toContain('valid for 10 minutes');
  });

  it('creates an advisor record named after the person, with no founder profile', async () => {
    const response = await post('/users/register', registration({ firstName: 'Grace', lastName: 'Hopper', memberType: 'advisor' }));
    expect(response.status).toBe(201);
    const { user } = await bodyOf(response);
    expect(user).toMatchObject({ memberType: 'advisor', profile: null, founder: null, advisor: { name: 'Grace Hopper', position: null } });
    expect(user.advisor.slug).toMatch(/^grace-hopper(-\d+)?$/);
  });

  it('numbers the slug when the name is already taken', async () => {
    const lastName = `Slugtest${crypto
      .randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;
    const first = await createMember({ firstName: 'Ada', lastName });
    expect(first.founder?.slug).toBe(`ada-${lastName.toLowerCase()}`);
    const { user } = await bodyOf(await post('/users/register', registration({ firstName: 'Ada', lastName })));
    expect(user.profile.slug).toBe(`ada-${lastName.toLowerCase()}-2`);
  });

  it('stores the email trimmed and lowercased, and refuses it a second time whatever its case', async () => {
    const body = registration();
    const shouted = `  ${body.email.toUpperCase()} `;
    const created = await bodyOf(await post('/users/register', { ...body, email: shouted }));
    expect(created.user.email).toBe(body.email);

    const again = await post('/users/register', body);
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual({
      message: 'An account with this email already exists.',
      status: 409,
      data: { fields: { email: 'is already registered' } },
    });
  });

  it('refuses the registration unless the terms are accepted; the digest opt-in may be left out', async () => {
    const response = await post('/users/register', registration({ agreement: false, subscription: undefined }));
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ agreement: 'must be accepted' });
  });

  it('refuses an unknown member type and names it', async () => {
    const response = await post('/users/register', registration({ memberType: 'investor' }));
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ memberType: 'must be one of: founder, advisor' });
  });

  it('holds a name to the limit settings hold it to: 60 characters', async () => {
    const long = await post('/users/register', registration({ firstName: 'x'.repeat(61) }));
    expect(long.status).toBe(400);
    expect((await bodyOf(long)).data.fields).toEqual({ firstName: 'must be at most 60 characters' });
    expect((await post('/users/register', registration({ lastName: 'x'.repeat(60) }))).status).toBe(201);
  });

  it('refuses a password equal to the email, or longer than 128 characters', async () => {
    const body = registration();
    const same = await post('/users/register', { ...body, password: body.email });
    expect(same.status).toBe(400);
    expect((await bodyOf(same)).data.fields).toEqual({ password: 'must not be your email address' });

    const long = await post('/users/register', { ...body, password: 'x'.repeat(129) });
    expect((await bodyOf(long)).data.fields).toEqual({ password: 'must be at most 128 characters' });
  });

  it('refuses an 11-character password and a common one, naming the password', async () => {
    const short = await post('/users/register', registration({ password: 'eleven-char' }));
    expect(short.status).toBe(400);
    expect((await bodyOf(short)).data.fields).toEqual({ password: 'must be at least 12 characters' });

    const common = await post('/users/register', registration({ password: 'qwerty123456' }));
    expect(common.status).toBe(400);
    expect(await bodyOf(common)).toMatchObject({
      message: expect.stringMatching(/^password: is too common/),
      data: { fields: { password: expect.stringMatching(/^is too common/) } },
    });
  });

  it('allows 3 registrations per email an hour, counted before any work is done', async () => {
    const body = registration();
    expect((await post('/users/register', body)).status).toBe(201);
    expect((await post('/users/register', body)).status).toBe(409);
    expect((await post('/users/register', body)).status).toBe(409);
    const limited = await post('/users/register', body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('allows 10 registrations per client address an hour', async () => {
    const ip = uniqueIp();
    // Attempts refused with a 409 still count, and cost no password hash.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const taken = await createMember();
      expect((await post('/users/register', registration({ email: taken.user.email }), { ip })).status).toBe(409);
    }
    const limited = await post('/users/register', registration(), { ip });
    expect(limited.status).toBe(429);
    const body = await bodyOf(limited);
    expect(body).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    expect(limited.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
  });
});
