import { describe, expect, it } from 'vitest';
import { someMembers } from '../../test/connections';
import { fixedClock } from '../clock';
import { recordingEmitter } from '../../test/live';
import { notificationDeps, storedRows } from '../notifications/test-support';
import { eventsFor, publishEvent } from './publish';

describe('publishEvent', () => {
  it('records each event for its subject, with the payload beside the ids, newest first', async () => {
    const [actor, subject] = await someMembers(2);
    const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
    const live = recordingEmitter();
    const deps = { ...notificationDeps(clock), live: live.emitter };
    await publishEvent(deps, { type: 'connection.requested', actorId: actor.user.id, subjectId: subject.user.id, connectionId: 'c'.repeat(24) });
    clock.set(new Date('2026-03-01T10:05:00Z'));
    await publishEvent(deps, { type: 'connection.accepted', actorId: subject.user.id, subjectId: actor.user.id, connectionId: 'c'.repeat(24) });
    await publishEvent(deps, { type: 'connection.accepted', actorId: actor.user.id, subjectId: subject.user.id, connectionId: 'd'.repeat(24) });

    expect(await eventsFor(deps, subject.user.id)).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        type: 'connection.accepted',
        actorId: actor.user.id,
        subjectId: subject.user.id,
        connectionId: 'd'.repeat(24),
        createdAt: '2026-03-01T10:05:00.000Z',
      },
      {
        _id: expect.any(String),
        type: 'connection.requested',
        actorId: actor.user.id,
        subjectId: subject.user.id,
        connectionId: 'c'.repeat(24),
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ]);
    expect(await eventsFor(deps, subject.user.id, 'connection.requested')).toHaveLength(1);
    expect(await eventsFor(deps, actor.user.id)).toEqual([expect.objectContaining({ type: 'connection.accepted', subjectId: actor.user.id })]);

    // Each event is delivered as a notification with the event's id, live to its subject.
    const delivered = live.sent.map(({ userId, event, payload }) => ({ userId, event, title: (payload as { title: string }).title }));
    expect(delivered).toEqual([
      { userId: subject.user.id, event: 'notification', title: 'New connection request' },
      { userId: actor.user.id, event: 'notification', title: expect.stringMatching(/ accepted your request$/) },
      { userId: subject.user.id, event: 'notification', title: expect.stringMatching(/ accepted your request$/) },
    ]);
    const eventIds = (await eventsFor(deps, subject.user.id)).map((event) => event._id);
    const stored = (await storedRows(subject.user.id)).reverse();
    expect(stored.map((row) => row.event_id)).toEqual(eventIds);
  });

  it('never notifies the actor of their own event', async () => {
    const [member] = await someMembers(1);
    const live = recordingEmitter();
    const deps = { ...notificationDeps(fixedClock(new Date('2026-03-01T10:00:00Z'))), live: live.emitter };
    await publishEvent(deps, { type: 'connection.requested', actorId: member.user.id, subjectId: member.user.id, connectionId: 'e'.repeat(24) });
    expect(live.sent).toEqual([]);
    expect(await storedRows(member.user.id)).toEqual([]);
  });
});
