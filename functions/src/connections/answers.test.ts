import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { connectedPair, del, pendingPair, put, rowsBetween, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { buildDeps } from '../build-deps';
import { eventsFor } from '../events/publish';
import { recordingEmitter } from '../../test/live';
import { acceptRequest } from './service';

const deps = { db: db(env) };
const NOT_FOUND = { message: 'Connection request not found.', status: 404, data: null };

describe('PUT /connection/accepted/{id}', () => {
  it('connects the two and tells the requester through one connection.accepted event', async () => {
    const { requester, receiver, id } = await pendingPair();
    const response = await put(`/connection/accepted/${id}`, receiver.jwt);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({
      state: 'connected',
      connection: { _id: id, status: 'accepted', direction: 'received', member: { _id: requester.user.id, name: 'Rita Hopper' } },
    });
    const [row] = await rowsBetween(requester, receiver);
    expect(row).toMatchObject({ status: 'accepted', respondedAt: expect.any(String) });
    expect(await eventsFor(deps, requester.user.id)).toEqual([
      expect.objectContaining({ type: 'connection.accepted', actorId: receiver.user.id, subjectId: requester.user.id, connectionId: id }),
    ]);
  });

  it('sends both members their counts live, so the requester’s Sent tab and counts follow', async () => {
    const { requester, receiver, id } = await pendingPair();
    const live = recordingEmitter();
    await acceptRequest({ ...buildDeps(env), live: live.emitter }, receiver.user.id, id);
    const counted = live.sent.filter((sent) => sent.event === 'counts');
    expect(counted.map((sent) => sent.userId).sort()).toEqual([requester.user.id, receiver.user.id].sort());
    expect(counted.find((sent) => sent.userId === requester.user.id)?.payload).toEqual({ connectionRequests: 0 });
  });

  it('is for the receiver only: the sender and strangers get the 404 of a missing request', async () => {
    const { requester, id } = await pendingPair();
    const stranger = await signedInMember();
    for (const token of [requester.jwt, stranger.jwt]) {
      const response = await put(`/connection/accepted/${id}`, token);
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual(NOT_FOUND);
    }
    expect(await bodyOf(await put(`/connection/accepted/${UNKNOWN_ID}`, stranger.jwt))).toEqual(NOT_FOUND);
  });

  it('accepts a request the receiver ignored earlier, but nothing already answered otherwise', async () => {
    const { requester, receiver, id } = await pendingPair();
    await put(`/connection/ignored/${id}`, receiver.jwt);
    expect((await put(`/connection/accepted/${id}`, receiver.jwt)).status).toBe(200);

    const again = await put(`/connection/accepted/${id}`, receiver.jwt);
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual({ message: 'This request has already been answered.', status: 409, data: null });

    const withdrawn = await pendingPair();
    await put(`/connection/${withdrawn.id}`, withdrawn.requester.jwt);
    expect((await put(`/connection/accepted/${withdrawn.id}`, withdrawn.receiver.jwt)).status).toBe(409);
    expect(await rowsBetween(requester, receiver)).toHaveLength(1);
  });
});

describe('PUT /connection/ignored/{id}', () => {
  it('ignores for the receiver, who then sees it as ignored', async () => {
    const { receiver, id } = await pendingPair();
    const response = await put(`/connection/ignored/${id}`, receiver.jwt);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({ state: 'none', connection: { _id: id, status: 'ignored', direction: 'received' } });
  });

  it('does not tell the sender: no event, and the sent request keeps looking pending and unchanged', async () => {
    const { requester, receiver, id } = await pendingPair();
    const before = (await bodyOf(await get('/connection/status?_type=sent', { token: requester.jwt }))).data;
    await put(`/connection/ignored/${id}`, receiver.jwt);
    expect((await bodyOf(await get('/connection/status?_type=sent', { token: requester.jwt }))).data).toEqual(before);
    expect(before[0]).toMatchObject({ _id: id, status: 'pending' });
    expect(await eventsFor(deps, requester.user.id)).toEqual([]);
    expect(await bodyOf(await get('/connection/count', { token: requester.jwt }))).toMatchObject({ sent: 1 });
  });

  it('is for the receiver only, and only for pending requests', async () => {
    const { requester, receiver, id } = await pendingPair();
    const stranger = await signedInMember();
    for (const token of [requester.jwt, stranger.jwt]) expect(await bodyOf(await put(`/connection/ignored/${id}`, token))).toEqual(NOT_FOUND);
    await put(`/connection/ignored/${id}`, receiver.jwt);
    const twice = await put(`/connection/ignored/${id}`, receiver.jwt);
    expect(twice.status).toBe(409);
    expect((await bodyOf(twice)).message).toBe('This request has already been answered.');
  });
});

describe('PUT /connection/{id} (withdraw)', () => {
  it('withdraws for the sender; the receiver is not told and no longer sees it', async () => {
    const { requester, receiver, id } = await pendingPair();
    expect((await bodyOf(await get('/connection/count', { token: receiver.jwt }))).received).toBe(1);
    const response = await put(`/connection/${id}`, requester.jwt);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({ state: 'none', connection: { _id: id, status: 'withdrawn', direction: 'sent' } });
    expect((await bodyOf(await get('/connection/status?_type=received', { token: receiver.jwt }))).data).toEqual([]);
    expect((await bodyOf(await get('/connection/count', { token: receiver.jwt }))).received).toBe(0);
    expect((await eventsFor(deps, receiver.user.id)).map((event) => event.type)).toEqual(['connection.requested']);
  });

  it('withdraws a request the receiver ignored (it still looks pending to the sender)', async () => {
    const { requester, receiver, id } = await pendingPair();
    await put(`/connection/ignored/${id}`, receiver.jwt);
    expect(await bodyOf(await put(`/connection/${id}`, requester.jwt))).toMatchObject({ connection: { status: 'withdrawn' } });
  });

  it('is for the sender only, and only while the request is open', async () => {
    const { requester, receiver, id } = await pendingPair();
    const stranger = await signedInMember();
    for (const token of [receiver.jwt, stranger.jwt]) expect(await bodyOf(await put(`/connection/${id}`, token))).toEqual(NOT_FOUND);
    await put(`/connection/${id}`, requester.jwt);
    const twice = await put(`/connection/${id}`, requester.jwt);
    expect(twice.status).toBe(409);
    expect((await bodyOf(twice)).message).toBe('This request is no longer pending.');

    const connected = await connectedPair();
    expect((await put(`/connection/${connected.id}`, connected.requester.jwt)).status).toBe(409);
  });
});

describe('DELETE /connection/{id} (remove)', () => {
  it('removes a connection for either member, with no event', async () => {
    for (const side of ['requester', 'receiver'] as const) {
      const pair = await connectedPair();
      const response = await del(`/connection/${pair.id}`, pair[side].jwt);
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toMatchObject({ state: 'none', connection: { _id: pair.id, status: 'removed' } });
      expect((await bodyOf(await get('/connection/count', { token: pair.requester.jwt }))).accepted).toBe(0);
      expect((await eventsFor(deps, pair.receiver.user.id)).map((event) => event.type)).toEqual(['connection.requested']);
    }
  });

  it('refuses strangers with a 404 and anything but a connection with a 409', async () => {
    const { requester, receiver, id } = await pendingPair();
    const stranger = await signedInMember();
    const connected = await connectedPair();
    expect(await bodyOf(await del(`/connection/${connected.id}`, stranger.jwt))).toEqual(NOT_FOUND);

    const pending = await del(`/connection/${id}`, requester.jwt);
    expect(pending.status).toBe(409);
    expect(await bodyOf(pending)).toEqual({ message: 'This connection has already been removed.', status: 409, data: null });
    await del(`/connection/${connected.id}`, connected.receiver.jwt);
    expect((await del(`/connection/${connected.id}`, connected.requester.jwt)).status).toBe(409);
    expect((await rowsBetween(requester, receiver))[0]!.status).toBe('pending');
  });
});

describe('the ids in the path', () => {
  it('must be 24-character ids (400 naming the path parameter)', async () => {
    const maya = await signedInMember();
    // PUT and DELETE /connection/{idOrStatus} share the position's name with the list by status.
    for (const [method, path, field] of [
      ['PUT', '/connection/accepted/abc', 'id'],
      ['PUT', '/connection/ignored/ABCDEFABCDEFABCDEFABCDEF', 'id'],
      ['PUT', '/connection/zzzzzzzzzzzzzzzzzzzzzzzz', 'idOrStatus'],
      ['DELETE', '/connection/123', 'idOrStatus'],
    ] as const) {
      const response = await call(method, path, undefined, { token: maya.jwt });
      expect(response.status, path).toBe(400);
      expect(await bodyOf(response)).toMatchObject({ data: { fields: { [field]: 'must be a 24-character id' } } });
    }
  });
});
