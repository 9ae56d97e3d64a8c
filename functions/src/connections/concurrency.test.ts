import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { connectedPair, connectTo, del, pendingPair, put, rowsBetween, someMembers } from '../../test/connections';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';

const deps = { db: db(env) };
const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();

describe('two clicks at once', () => {
  it('A → B and B → A together leave one accepted row, and both see the connection', async () => {
    const [a, b] = await someMembers(2);
    const responses = await Promise.all([connectTo(a, b), connectTo(b, a)]);
    expect(statuses(responses)).toEqual([201, 201]);
    const states = (await Promise.all(responses.map((response) => bodyOf(response)))).map((body) => body.state).sort();
    expect(states).toEqual(['connected', 'pending_sent']);

    const rows = await rowsBetween(a, b);
    expect(rows).toEqual([expect.objectContaining({ status: 'accepted' })]);
    for (const member of [a, b]) expect((await bodyOf(await get('/connection/count', { token: member.jwt }))).accepted).toBe(1);
    const requester = rows[0]!.requesterId === a.user.id ? a : b;
    expect(await eventsFor(deps, requester.user.id, 'connection.accepted')).toHaveLength(1);
  });

  it('a double click on connect leaves one request: one 201, one 409', async () => {
    const [a, b] = await someMembers(2);
    const responses = await Promise.all([connectTo(a, b), connectTo(a, b), connectTo(a, b)]);
    expect(statuses(responses)).toEqual([201, 409, 409]);
    expect(await rowsBetween(a, b)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await eventsFor(deps, b.user.id, 'connection.requested')).toHaveLength(1);
  });

  it('two accepts at once connect once: one 200, one 409, one event', async () => {
    const { requester, receiver, id } = await pendingPair();
    const responses = await Promise.all([put(`/connection/accepted/${id}`, receiver.jwt), put(`/connection/accepted/${id}`, receiver.jwt)]);
    expect(statuses(responses)).toEqual([200, 409]);
    expect(await rowsBetween(requester, receiver)).toEqual([expect.objectContaining({ id, status: 'accepted' })]);
    expect(await eventsFor(deps, requester.user.id, 'connection.accepted')).toHaveLength(1);
  });

  it('accept against withdraw: exactly one of them wins, and the row says which', async () => {
    const { requester, receiver, id } = await pendingPair();
    const [accept, withdraw] = await Promise.all([put(`/connection/accepted/${id}`, receiver.jwt), put(`/connection/${id}`, requester.jwt)]);
    expect(statuses([accept, withdraw])).toEqual([200, 409]);
    const [row] = await rowsBetween(requester, receiver);
    expect(row!.status).toBe(accept.status === 200 ? 'accepted' : 'withdrawn');
  });

  it('both members removing at once end the connection once', async () => {
    const { requester, receiver, id } = await connectedPair();
    const responses = await Promise.all([del(`/connection/${id}`, requester.jwt), del(`/connection/${id}`, receiver.jwt)]);
    expect(statuses(responses)).toEqual([200, 409]);
    expect((await rowsBetween(requester, receiver)).map((row) => row.status)).toEqual(['removed']);
  });

  it('a block racing a request never leaves an open row behind', async () => {
    const [a, b] = await someMembers(2);
    const [request] = await Promise.all([connectTo(a, b), post(`/connection/block/${a.user.id}`, undefined, { token: b.jwt })]);
    expect([201, 404]).toContain(request.status);
    const open = (await rowsBetween(a, b)).filter((row) => ['pending', 'accepted', 'ignored'].includes(row.status));
    expect(open).toEqual([]);
  });
});
