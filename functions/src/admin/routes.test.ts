import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, signedInMember } from '../../test/api';

describe('GET /admin/stats', () => {
  it('counts members by type, role, verification and premium status for an administrator', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const before = await bodyOf(await get('/admin/stats', { token: admin.jwt }));

    await createMember({ premium: true });
    await createMember({ memberType: 'advisor', emailVerified: false });
    await createMember({ roleType: 'premium', userRole: 'admin' });

    const response = await get('/admin/stats', { token: admin.jwt });
    expect(response.status).toBe(200);
    const after = await bodyOf(response);
    expect(after).toEqual({
      members: before.members + 3,
      founders: before.founders + 2,
      advisors: before.advisors + 1,
      admins: before.admins + 1,
      verified: before.verified + 2,
      premium: before.premium + 2,
    });
  });

  it('refuses members who are not administrators', async () => {
    const member = await signedInMember({ roleType: 'premium' });
    const response = await get('/admin/stats', { token: member.jwt });
    expect(response.status).toBe(403);
    expect(await bodyOf(response)).toEqual({ message: 'Only administrators can do this.', status: 403, data: null });
  });

  it('asks for authentication first', async () => {
    expect((await get('/admin/stats')).status).toBe(401);
  });
});
