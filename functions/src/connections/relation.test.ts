import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { connectedPair, pendingPair, put, UNKNOWN_ID } from '../../test/connections';
import { stateOf } from './relation';

const relation = async (id: string, token: string) => bodyOf(await get(`/founder/connection-status/${id}`, { token }));

describe('GET /founder/connection-status/{id}', () => {
  it('answers none with connect for a stranger, with their card', async () => {
    const [me, helen] = await Promise.all([signedInMember(), signedInMember({ memberType: 'advisor', firstName: 'Helen', lastName: 'Park', position: 'Pricing' })]);
    expect(await relation(helen.user.id, me.jwt)).toEqual({
      state: 'none',
      connectionId: null,
      actions: ['connect'],
      member: {
        _id: helen.user.id,
        memberType: 'advisor',
        name: 'Helen Park',
        tagline: 'Pricing',
        slug: helen.advisor!.slug,
        avatar: null,
        banner: null,
        profileId: helen.advisor!.id,
        premium: false,
        verified: null,
      },
    });
  });

  it('finds the member by user id, founder profile id or advisor id', async () => {
    const [me, founder, advisor] = await Promise.all([
      signedInMember({ firstName: 'Viewer' }),
      signedInMember({ firstName: 'Founder' }),
      signedInMember({ memberType: 'advisor' }),
    ]);
    expect((await relation(founder.founder!.id, me.jwt)).member._id).toBe(founder.user.id);
    expect((await relation(advisor.advisor!.id, me.jwt)).member._id).toBe(advisor.user.id);
    expect((await relation(advisor.user.id, me.jwt)).member.profileId).toBe(advisor.advisor!.id);
  });

  it('answers self with no actions for the viewer', async () => {
    const me = await signedInMember();
    expect(await relation(me.founder!.id, me.jwt)).toMatchObject({ state: 'self', connectionId: null, actions: [], member: { _id: me.user.id } });
  });

  it('follows a request from both sides, and the connection', async () => {
    const { requester, receiver, id } = await pendingPair();
    expect(await relation(receiver.user.id, requester.jwt)).toMatchObject({ state: 'pending_sent', connectionId: id, actions: ['withdraw'] });
    expect(await relation(requester.user.id, receiver.jwt)).toMatchObject({ state: 'pending_received', connectionId: id, actions: ['accept', 'ignore'] });
    await put(`/connection/accepted/${id}`, receiver.jwt);
    for (const [viewer, other] of [
      [requester, receiver],
      [receiver, requester],
    ] as const) {
      expect(await relation(other.user.id, viewer.jwt)).toMatchObject({ state: 'connected', connectionId: id, actions: ['message', 'remove'] });
    }
  });

  it('keeps an ignored request pending for its sender and reads none (connect accepts it) for the receiver', async () => {
    const { requester, receiver, id } = await pendingPair();
    await put(`/connection/ignored/${id}`, receiver.jwt);
    expect(await relation(receiver.user.id, requester.jwt)).toMatchObject({ state: 'pending_sent', connectionId: id, actions: ['withdraw'] });
    expect(await relation(requester.user.id, receiver.jwt)).toMatchObject({ state: 'none', connectionId: null, actions: ['connect'] });
  });

  it('answers blocked with unblock to the blocker, and 404 to the blocked member', async () => {
    const { requester, receiver } = await connectedPair();
    await post(`/connection/block/${receiver.user.id}`, undefined, { token: requester.jwt });
    expect(await relation(receiver.user.id, requester.jwt)).toMatchObject({ state: 'blocked', connectionId: null, actions: ['unblock'] });
    for (const id of [requester.user.id, requester.founder!.id]) {
      const response = await get(`/founder/connection-status/${id}`, { token: receiver.jwt });
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual({ message: 'Member not found.', status: 404, data: null });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const me = await signedInMember();
    expect((await get(`/founder/connection-status/${UNKNOWN_ID}`, { token: me.jwt })).status).toBe(404);
    const malformed = await get('/founder/connection-status/not-an-id', { token: me.jwt });
    expect(malformed.status).toBe(400);
    expect((await bodyOf(malformed)).data.fields).toEqual({ id: 'must be a 24-character id' });
  });
});

describe('stateOf', () => {
  const me = 'a'.repeat(24);
  const them = 'b'.repeat(24);
  it.each([
    [undefined, 'none', false],
    [{ status: 'accepted', requesterId: them }, 'connected', true],
    [{ status: 'pending', requesterId: me }, 'pending_sent', true],
    [{ status: 'ignored', requesterId: me }, 'pending_sent', true],
    [{ status: 'pending', requesterId: them }, 'pending_received', true],
    [{ status: 'ignored', requesterId: them }, 'none', false],
  ] as const)('reads %o as %s', (row, state, actionable) => {
    expect(stateOf(row, me)).toEqual({ state, actionable });
  });
});
