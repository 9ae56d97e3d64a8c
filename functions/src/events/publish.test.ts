import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { someMembers } from '../../test/connections';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { eventsFor, publishEvent } from './publish';

describe('publishEvent', () => {
  it('records each event for its subject, with the payload beside the ids, newest first', async () => {
    const [actor, subject] = await someMembers(2);
    const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
    const deps = { db: db(env), clock };
    await publishEvent(deps, { type: 'connection.requested', actorId: actor.user.id, subjectId: subject.user.id, connectionId: 'c'.repeat(24) });
    clock.set(new Date('2026-03-01T10:05:00Z'));
    await publishEvent(deps, { type: 'connection.accepted', actorId: subject.user.id, subjectId: actor.user.id, connectionId: 'c'.repeat(24) });
    await publishEvent(deps, { type: 'connection.accepted', actorId: actor.user.id, subjectId: subject.user.id, connectionId: 'd'.repeat(24) });

    expect(await eventsFor(deps, subject.user.id)).toEqual([
      { _id: expect.stringMatching(/^[0-9a-f]{24}$/), type: 'connection.accepted', actorId: actor.user.id, subjectId: subject.user.id, connectionId: 'd'.repeat(24), createdAt: '2026-03-01T10:05:00.000Z' },
      { _id: expect.any(String), type: 'connection.requested', actorId: actor.user.id, subjectId: subject.user.id, connectionId: 'c'.repeat(24), createdAt: '2026-03-01T10:00:00.000Z' },
    ]);
    expect(await eventsFor(deps, subject.user.id, 'connection.requested')).toHaveLength(1);
    expect(await eventsFor(deps, actor.user.id)).toEqual([expect.objectContaining({ type: 'connection.accepted', subjectId: actor.user.id })]);
  });
});
