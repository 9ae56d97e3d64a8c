import { describe, expect, it } from 'vitest';

// The unit project has no tsconfig path aliases; point @api at the API worker's sources.

const { chatIdentity } = await import('./identity');
const { crispCommands } = await import('./crisp');
const { toE164 } = await import('@api/users/phone');
const { newAccountRows } = await import('@api/users/repository');
const { toWireUser } = await import('@api/users/wire');

const member = {
  email: 'ada@example.com',
  phone: '+1 (555) 010-2000',
  firstName: 'Ada',
  lastName: 'Lovelace',
  memberType: 'founder' as const,
  onboarded: true,
  role: { type: 'free' as const },
  founder: { premium: false },
};

describe('chatIdentity', () => {
  it('is null for a visitor', () => {
    expect(chatIdentity(null)).toBeNull();
    expect(chatIdentity(undefined)).toBeNull();
  });

  it('identifies an onboarded free member by email and phone', () => {
    expect(chatIdentity(member)).toEqual({
      email: 'ada@example.com',
      phone: '+1 (555) 010-2000',
      nickname: 'Ada Lovelace',
      userType: 'free',
      data: { onboarded: true },
    });
  });

  it('marks a member premium by role.type or by the founder premium flag', () => {
    expect(chatIdentity({ ...member, role: { type: 'premium' } })?.userType).toBe('premium');
    expect(chatIdentity({ ...member, founder: { premium: true } })?.userType).toBe('premium');
  });

  it('adds name, member type and onboarded false for a member not yet onboarded', () => {
    expect(chatIdentity({ ...member, memberType: 'advisor', onboarded: false })?.data).toEqual({
      name: 'Ada Lovelace',
      memberType: 'advisor',
      onboarded: false,
    });
  });

  it('gives a null phone when none or a blank one is on file, and falls back to the email as nickname', () => {
    const identity = chatIdentity({ ...member, phone: '  ', firstName: '', lastName: '' });
    expect(identity?.phone).toBeNull();
    expect(identity?.nickname).toBe('ada@example.com');
  });
});

describe('crispCommands', () => {
  it('resets the chat session for a visitor', () => {
    expect(crispCommands(null)).toEqual([['do', 'session:reset']]);
  });

  it('sets email, nickname, phone, the free or premium segment and the session data', () => {
    expect(crispCommands(chatIdentity({ ...member, onboarded: false }))).toEqual([
      ['set', 'user:email', ['ada@example.com']],
      ['set', 'user:nickname', ['Ada Lovelace']],
      ['set', 'user:phone', ['+1 (555) 010-2000']],
      ['set', 'session:segments', [['free']]],
      [
        'set',
        'session:data',
        [
          [
            ['userType', 'free'],
            ['name', 'Ada Lovelace'],
            ['memberType', 'founder'],
            ['onboarded', false],
          ],
        ],
      ],
    ]);
  });

  it('leaves the phone out when the member has none', () => {
    const commands = crispCommands(chatIdentity({ ...member, phone: null }));
    expect(commands.some(([, key]) => key === 'user:phone')).toBe(false);
  });
});

describe('the phone number a member saves in settings', () => {
  it('reaches the chat in E.164 through the User of GET /auth/me', () => {
    const account = newAccountRows(
      { email: 'ada@example.com', passwordHash: 'hash', firstName: 'Ada', lastName: 'Lovelace', memberType: 'founder', onboarded: true },
      'ada-lovelace',
      '2026-01-01T00:00:00.000Z',
    );
    account.user.phone = toE164('+44 20 7946 0958');
    const identity = chatIdentity(toWireUser(account));
    expect(identity?.phone).toBe('+442079460958');
    expect(crispCommands(identity)).toContainEqual(['set', 'user:phone', ['+442079460958']]);
  });

  it('is left out of the chat once the member removes it', () => {
    const account = newAccountRows(
      { email: 'ada@example.com', passwordHash: 'hash', firstName: 'Ada', lastName: 'Lovelace', memberType: 'founder' },
      'ada',
      '2026-01-01T00:00:00.000Z',
    );
    expect(chatIdentity(toWireUser(account))?.phone).toBeNull();
  });
});
