import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/api';
import { db } from '../db/client';
import { findMemberCard, memberCards } from './cards';

describe('the Premium badge on member cards', () => {
  it('is set by role.type premium or a founder’s premium flag, and off for free members', async () => {
    const [paid, flagged, free, advisor] = await Promise.all([
      createMember({ roleType: 'premium' }),
      createMember(),
      createMember(),
      createMember({ memberType: 'advisor', roleType: 'premium' }),
    ]);
    await env.DB.prepare('UPDATE founders SET premium = 1 WHERE user_id = ?').bind(flagged.user.id).run();
    const cards = await memberCards({ db: db(env) }, [paid.user.id, flagged.user.id, free.user.id, advisor.user.id]);
    expect(cards.get(paid.user.id)?.premium).toBe(true);
    expect(cards.get(flagged.user.id)?.premium).toBe(true);
    expect(cards.get(free.user.id)?.premium).toBe(false);
    expect(cards.get(advisor.user.id)).toMatchObject({ memberType: 'advisor', premium: true });
    expect((await findMemberCard({ db: db(env) }, free.user.id))?.premium).toBe(false);
  });
});
