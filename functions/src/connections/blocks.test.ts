import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { connectedPair, connectTo, del, pendingPair, put, rowsBetween, someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { blockedIds, isBlockedBetween } from '../members/blocks';

const deps = { db: db(env) };
const block = (userId: string, token: string) => post(`/connection/block/${userId}`, undefined, { token });
const unblock = (userId: string, token: string) => del(`/connection/block/${userId}`, token);

describe('POST /connection/block/{userId}', () => {
  it('ends a connection (removed) and stops both from asking again', async () => {
    const { requester: blocker, receiver: blocked } = await connectedPair();
    const response = await block(blocked.user.id, blocker.jwt);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ blocked: true });
    expect((await rowsBetween(blocker, blocked)).map((row) => row.status)).toEqual(['removed']);

    const fromBlocker = await connectTo(blocker, blocked);
    expect(fromBlocker.status).toBe(409);
    expect(await bodyOf(fromBlocker)).toEqual({ message: 'Unblock this member first.', status: 409, data: null });
    const fromBlocked = await connectTo(blocked, blocker);
    expect(fromBlocked.status).toBe(404);
    expect(await bodyOf(fromBlocked)).toEqual({ message: 'Member not found.', status: 404, data: null });
    expect(await rowsBetween(blocker, blocked)).toHaveLength(1);
  });

  it('withdraws a pending or ignored request either way, out of every list', async () => {
    for (const ignoredFirst of [false, true]) {
      const { requester, receiver, id } = await pendingPair();
      if (ignoredFirst) await put(`/connection/ignored/${id}`, receiver.jwt);
      await block(requester.user.id, receiver.jwt);
      expect((await rowsBetween(requester, receiver)).map((row) => row.status)).toEqual(['withdrawn']);
      for (const member of [requester, receiver]) {
        expect(await bodyOf(await get('/connection/count', { token: member.jwt }))).toMatchObject({ received: 0, sent: 0, accepted: 0 });
        for (const status of ['pending', 'ignored', 'withdrawn']) expect((await bodyOf(await get(`/connection/${status}`, { token: member.jwt }))).total, status).toBe(0);
      }
      expect((await put(`/connection/accepted/${id}`, receiver.jwt)).status).toBe(409);
    }
  });

  it('is idempotent, and allowed towards a member who blocked you', async () => {
    const [a, b] = await someMembers(2);
    await block(b.user.id, a.jwt);
    expect(await bodyOf(await block(b.user.id, a.jwt))).toEqual({ blocked: true });
    expect(await bodyOf(await block(a.user.id, b.jwt))).toEqual({ blocked: true });
    expect((await bodyOf(await get('/connection/count', { token: a.jwt }))).blocked).toBe(1);
  });

  it('refuses yourself (400), unknown members (404) and malformed ids (400)', async () => {
    const me = await signedInMember();
    const self = await block(me.user.id, me.jwt);
    expect(self.status).toBe(400);
    expect((await bodyOf(self)).data.fields).toEqual({ userId: 'cannot be yourself' });
    expect(await bodyOf(await block(UNKNOWN_ID, me.jwt))).toEqual({ message: 'Member not found.', status: 404, data: null });
    expect((await bodyOf(await block('nope', me.jwt))).data.fields).toEqual({ userId: 'must be a 24-character id' });
  });
});

describe('DELETE /connection/block/{userId}', () => {
  it('lifts the block: they can ask each other again', async () => {
    const [a, b] = await someMembers(2);
    await block(b.user.id, a.jwt);
    const response = await unblock(b.user.id, a.jwt);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ blocked: false });
    expect((await connectTo(b, a)).status).toBe(201);
    // Nothing to lift: the same answer.
    expect(await bodyOf(await unblock(b.user.id, a.jwt))).toEqual({ blocked: false });
  });

  it('lifts only the viewer’s block: a mutual block still stands', async () => {
    const [a, b] = await someMembers(2);
    await block(b.user.id, a.jwt);
    await block(a.user.id, b.jwt);
    await unblock(b.user.id, a.jwt);
    expect((await connectTo(a, b)).status).toBe(404);
  });

  it('answers 404 for unknown members and for members who blocked you', async () => {
    const [a, b] = await someMembers(2);
    await block(a.user.id, b.jwt);
    expect((await unblock(b.user.id, a.jwt)).status).toBe(404);
    expect((await unblock(UNKNOWN_ID, a.jwt)).status).toBe(404);
    expect((await call('DELETE', `/connection/block/${a.user.id}`, undefined, { token: a.jwt })).status).toBe(400);
  });
});

describe('GET /connection/blocks', () => {
  it('lists the members the viewer blocked, newest first, paged', async () => {
    const [me, first, second, blocksMe] = await Promise.all([
      signedInMember(),
      signedInMember({ firstName: 'First' }),
      signedInMember({ firstName: 'Second' }),
      signedInMember({ firstName: 'Blocker' }),
    ]);
    await block(first.user.id, me.jwt);
    await block(second.user.id, me.jwt);
    await block(me.user.id, blocksMe.jwt);
    const page = await bodyOf(await get('/connection/blocks', { token: me.jwt }));
    expect(page).toMatchObject({ total: 2, page: 1, limit: 10, pages: 1 });
    expect(page.data).toEqual([
      { member: expect.objectContaining({ _id: second.user.id, name: 'Second Hopper' }), createdAt: expect.any(String) },
      { member: expect.objectContaining({ _id: first.user.id }), createdAt: expect.any(String) },
    ]);
    expect(await bodyOf(await get('/connection/blocks?limit=1&page=2', { token: me.jwt }))).toMatchObject({ total: 2, pages: 2, data: [{ member: { _id: first.user.id } }] });
    expect((await get('/connection/blocks?limit=0', { token: me.jwt })).status).toBe(400);
  });
});

describe('blockedIds and isBlockedBetween', () => {
  it('see blocks either way, for the features that must hide blocked members', async () => {
    const [me, iBlocked, blockedMe, stranger] = await someMembers(4);
    await block(iBlocked.user.id, me.jwt);
    await block(me.user.id, blockedMe.jwt);
    expect(await blockedIds(deps, me.user.id)).toEqual(new Set([iBlocked.user.id, blockedMe.user.id]));
    expect(await blockedIds(deps, stranger.user.id)).toEqual(new Set());
    expect(await isBlockedBetween(deps, me.user.id, iBlocked.user.id)).toBe(true);
    expect(await isBlockedBetween(deps, iBlocked.user.id, me.user.id)).toBe(true);
    expect(await isBlockedBetween(deps, me.user.id, blockedMe.user.id)).toBe(true);
    expect(await isBlockedBetween(deps, me.user.id, stranger.user.id)).toBe(false);
  });
});
