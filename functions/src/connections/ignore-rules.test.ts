import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get } from '../../test/api';
import { connectTo, del, put, rowsBetween, tokenAt } from '../../test/connections';
import { createApp } from '../app';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';

const DAY_MS = 86_400_000;
const deps = { db: db(env) };

/** Two members on an app whose clock the test moves, and their tokens on that clock. */
async function membersOnClock() {
  const clock = fixedClock(new Date());
  const app = createApp({ clock });
  const [sender, receiver] = await Promise.all([createMember({ firstName: 'Sol' }), createMember({ firstName: 'Rae' })]);
  const session = async () => ({ sender: { ...sender, jwt: await tokenAt(sender, clock) }, receiver: { ...receiver, jwt: await tokenAt(receiver, clock) } });
  return { clock, app, session };
}

describe('an ignored request', () => {
  it('cannot really be repeated for 30 days: a new request is stored silently as ignored', async () => {
    const { clock, app, session } = await membersOnClock();
    let { sender, receiver } = await session();
    const first = await bodyOf(await connectTo(sender, receiver, undefined, { app }));
    await put(`/connection/ignored/${first.connection._id}`, receiver.jwt, { app });
    await put(`/connection/${first.connection._id}`, sender.jwt, { app });

    clock.set(new Date(clock.now().getTime() + 29 * DAY_MS));
    ({ sender, receiver } = await session());
    const again = await connectTo(sender, receiver, 'Trying again', { app });
    expect(again.status).toBe(201);
    // The sender sees an ordinary pending request …
    expect(await bodyOf(again)).toMatchObject({ state: 'pending_sent', connection: { status: 'pending', direction: 'sent', note: 'Trying again' } });
    expect((await bodyOf(await get('/connection/status?_type=sent', { token: sender.jwt, app }))).data).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await bodyOf(await get(`/founder/connection-status/${receiver.user.id}`, { token: sender.jwt, app }))).toMatchObject({ state: 'pending_sent', actions: ['withdraw'] });

    // … the receiver sees nothing: no event, no received request, no count, not even in the ignored list.
    expect((await eventsFor(deps, receiver.user.id)).map((event) => event.type)).toEqual(['connection.requested']);
    expect((await bodyOf(await get('/connection/status?_type=received', { token: receiver.jwt, app }))).total).toBe(0);
    expect((await bodyOf(await get('/connection/count', { token: receiver.jwt, app }))).received).toBe(0);
    expect((await bodyOf(await get('/connection/ignored', { token: receiver.jwt, app }))).data).toEqual([]);
    expect(await bodyOf(await get(`/founder/connection-status/${sender.user.id}`, { token: receiver.jwt, app }))).toMatchObject({ state: 'none', actions: ['connect'] });

    const rows = await rowsBetween(sender, receiver);
    expect(rows.map((row) => row.status)).toEqual(['withdrawn', 'ignored']);
    // The window keeps running from the first ignore.
    expect(rows[1]!.ignoredAt).toBe(rows[0]!.ignoredAt);
  });

  it('can be asked again for real once the 30 days are over', async () => {
    const { clock, app, session } = await membersOnClock();
    let { sender, receiver } = await session();
    const first = await bodyOf(await connectTo(sender, receiver, undefined, { app }));
    await put(`/connection/ignored/${first.connection._id}`, receiver.jwt, { app });
    await put(`/connection/${first.connection._id}`, sender.jwt, { app });

    clock.set(new Date(clock.now().getTime() + 31 * DAY_MS));
    ({ sender, receiver } = await session());
    expect((await connectTo(sender, receiver, undefined, { app })).status).toBe(201);
    expect((await bodyOf(await get('/connection/status?_type=received', { token: receiver.jwt, app }))).total).toBe(1);
    expect((await rowsBetween(sender, receiver)).map((row) => row.status)).toEqual(['withdrawn', 'pending']);
    expect(await eventsFor(deps, receiver.user.id, 'connection.requested')).toHaveLength(2);
  });

  it('stays a pending request to its sender, who cannot send another while it stands', async () => {
    const { app, session } = await membersOnClock();
    const { sender, receiver } = await session();
    const first = await bodyOf(await connectTo(sender, receiver, undefined, { app }));
    await put(`/connection/ignored/${first.connection._id}`, receiver.jwt, { app });
    const again = await connectTo(sender, receiver, undefined, { app });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('You have already sent a request to this member.');
  });

  it('does not hold back a member whose ignored request was accepted later', async () => {
    const { app, session } = await membersOnClock();
    const { sender, receiver } = await session();
    const first = await bodyOf(await connectTo(sender, receiver, undefined, { app }));
    await put(`/connection/ignored/${first.connection._id}`, receiver.jwt, { app });
    await put(`/connection/accepted/${first.connection._id}`, receiver.jwt, { app });
    await del(`/connection/${first.connection._id}`, receiver.jwt, { app });
    const again = await connectTo(sender, receiver, undefined, { app });
    expect((await bodyOf(await get('/connection/status?_type=received', { token: receiver.jwt, app }))).data).toEqual([
      expect.objectContaining({ _id: (await bodyOf(again)).connection._id, status: 'pending' }),
    ]);
  });

  it('shows in the receiver’s ignored list, never in the sender’s', async () => {
    const { app, session } = await membersOnClock();
    const { sender, receiver } = await session();
    const first = await bodyOf(await connectTo(sender, receiver, undefined, { app }));
    await put(`/connection/ignored/${first.connection._id}`, receiver.jwt, { app });
    expect((await bodyOf(await get('/connection/ignored', { token: receiver.jwt, app }))).data).toEqual([
      expect.objectContaining({ _id: first.connection._id, status: 'ignored', direction: 'received', member: expect.objectContaining({ _id: sender.user.id }) }),
    ]);
    expect((await bodyOf(await get('/connection/ignored', { token: sender.jwt, app }))).data).toEqual([]);
    expect((await bodyOf(await get('/connection/pending', { token: sender.jwt, app }))).data).toEqual([expect.objectContaining({ status: 'pending', direction: 'sent' })]);
  });
});
