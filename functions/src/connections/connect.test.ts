import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, post, signedInMember } from '../../test/api';
import { connectTo, del, pendingPair, put, rowsBetween, someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';

const deps = { db: db(env) };

describe('POST /connection/connect', () => {
  it('sends a request with a note and answers the connection as the sender sees it', async () => {
    const [maya, helen] = await Promise.all([
      signedInMember({ firstName: 'Maya', lastName: 'Okafor', tagline: 'Clinics' }),
      signedInMember({ memberType: 'advisor', firstName: 'Helen', lastName: 'Park', position: 'Pricing' }),
    ]);
    const response = await connectTo(maya, helen, '  We met at the meetup.  ');
    expect(response.status).toBe(201);
    const body = await bodyOf(response);
    expect(body).toEqual({
      state: 'pending_sent',
      connection: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        status: 'pending',
        direction: 'sent',
        note: 'We met at the meetup.',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
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
      },
    });
    const [row] = await rowsBetween(maya, helen);
    expect(row).toMatchObject({ requesterId: maya.user.id, receiverId: helen.user.id, status: 'pending', pairKey: [maya.user.id, helen.user.id].sort().join(':') });
  });

  it('tells the receiver through one connection.requested event', async () => {
    const { requester, receiver, id } = await pendingPair();
    expect(await eventsFor(deps, receiver.user.id)).toEqual([
      expect.objectContaining({ type: 'connection.requested', actorId: requester.user.id, subjectId: receiver.user.id, connectionId: id }),
    ]);
    expect(await eventsFor(deps, requester.user.id)).toEqual([]);
  });

  it('stores no note when it is blank', async () => {
    const [a, b] = await someMembers(2);
    expect((await bodyOf(await connectTo(a, b, '   '))).connection.note).toBeNull();
  });

  it('refuses a request to yourself, naming receiverId', async () => {
    const maya = await signedInMember();
    const response = await connectTo(maya, maya);
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({ message: 'receiverId: cannot be yourself', status: 400, data: { fields: { receiverId: 'cannot be yourself' } } });
  });

  it('refuses a second request while the first is pending, and a request between connected members', async () => {
    const { requester, receiver, id } = await pendingPair();
    const again = await connectTo(requester, receiver);
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual({ message: 'You have already sent a request to this member.', status: 409, data: null });

    await put(`/connection/accepted/${id}`, receiver.jwt);
    for (const [from, to] of [
      [requester, receiver],
      [receiver, requester],
    ] as const) {
      const response = await connectTo(from, to);
      expect(response.status).toBe(409);
      expect((await bodyOf(response)).message).toBe('You are already connected.');
    }
    expect(await rowsBetween(requester, receiver)).toHaveLength(1);
  });

  it('accepts their request instead when the receiver had already asked you', async () => {
    const { requester, receiver, id } = await pendingPair();
    const response = await connectTo(receiver, requester, 'Of course!');
    expect(response.status).toBe(201);
    expect(await bodyOf(response)).toMatchObject({ state: 'connected', connection: { _id: id, status: 'accepted', direction: 'received', member: { _id: requester.user.id } } });
    expect(await rowsBetween(requester, receiver)).toEqual([expect.objectContaining({ id, status: 'accepted' })]);
    expect(await eventsFor(deps, requester.user.id, 'connection.accepted')).toEqual([expect.objectContaining({ actorId: receiver.user.id, connectionId: id })]);
  });

  it('accepts a request you ignored earlier when you ask that member yourself', async () => {
    const { requester, receiver, id } = await pendingPair();
    await put(`/connection/ignored/${id}`, receiver.jwt);
    const response = await connectTo(receiver, requester);
    expect(await bodyOf(response)).toMatchObject({ state: 'connected', connection: { _id: id, status: 'accepted' } });
  });

  it('lets either member ask again after a connection was removed', async () => {
    const { requester, receiver, id } = await pendingPair();
    await put(`/connection/accepted/${id}`, receiver.jwt);
    const removed = await del(`/connection/${id}`, requester.jwt);
    expect(removed.status).toBe(200);
    const again = await connectTo(receiver, requester);
    expect(await bodyOf(again)).toMatchObject({ state: 'pending_sent', connection: { status: 'pending', direction: 'sent' } });
    expect((await rowsBetween(requester, receiver)).map((row) => row.status)).toEqual(['removed', 'pending']);
  });

  it('answers 404 for a member who does not exist', async () => {
    const maya = await signedInMember();
    const response = await connectTo(maya, { user: { id: UNKNOWN_ID } as never });
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ message: 'Member not found.', status: 404, data: null });
  });

  it('refuses bad input with the fields named', async () => {
    const maya = await signedInMember();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { receiverId: 'is required' }],
      [{ receiverId: 'not-an-id' }, { receiverId: 'must be a 24-character id' }],
      [{ receiverId: 42 }, { receiverId: 'must be text' }],
      [{ receiverId: UNKNOWN_ID, note: 'x'.repeat(301) }, { note: 'must be at most 300 characters' }],
      [{ receiverId: UNKNOWN_ID, note: 7 }, { note: 'must be text' }],
      [[UNKNOWN_ID], { body: 'must be an object' }],
    ];
    for (const [body, fields] of cases) {
      const response = await post('/connection/connect', body, { token: maya.jwt });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await bodyOf(response)).data.fields).toEqual(fields);
    }
    const malformed = await post('/connection/connect', '{"receiverId":', { token: maya.jwt });
    expect(malformed.status).toBe(400);
    expect((await bodyOf(malformed)).data.fields).toEqual({ body: 'must be valid JSON' });
  });

  it('accepts a note of exactly 300 characters', async () => {
    const [a, b] = await someMembers(2);
    expect((await connectTo(a, b, 'n'.repeat(300))).status).toBe(201);
  });
});
