import { describe, expect, test } from 'vitest';
import { liveQuery, liveTargetFrom, planLive } from './plan';

const ada = { userId: 'u-ada', connectionId: null };

describe('the live connection plan', () => {
  test('reads the member and the selected thread from the page', () => {
    expect(liveTargetFrom('u-ada', '?personalInbox=t-1&x=2')).toEqual({ userId: 'u-ada', connectionId: 't-1' });
    expect(liveTargetFrom(undefined, '')).toEqual({ userId: null, connectionId: null });
    expect(liveTargetFrom('  ', '?personalInbox=')).toEqual({ userId: null, connectionId: null });
  });

  test('opens only for a signed-in member', () => {
    expect(planLive(null, { userId: null, connectionId: 't-1' })).toEqual({ kind: 'keep' });
    expect(planLive(null, ada)).toEqual({ kind: 'open', target: ada });
  });

  test('closes when nobody is signed in any more', () => {
    expect(planLive(ada, { userId: null, connectionId: null })).toEqual({ kind: 'close' });
  });

  test('opens a new socket when another member signs in', () => {
    expect(planLive(ada, { userId: 'u-ben', connectionId: 't-2' })).toEqual({ kind: 'reopen', target: { userId: 'u-ben', connectionId: 't-2' } });
  });

  test('tells the open socket about another thread instead of reconnecting', () => {
    expect(planLive(ada, { ...ada, connectionId: 't-1' })).toEqual({ kind: 'thread', connectionId: 't-1' });
    expect(planLive({ ...ada, connectionId: 't-1' }, ada)).toEqual({ kind: 'thread', connectionId: null });
    expect(planLive({ ...ada, connectionId: 't-1' }, { ...ada, connectionId: 't-1' })).toEqual({ kind: 'keep' });
  });

  test('sends connectionId only when a thread is selected', () => {
    expect(liveQuery({ userId: 'u-ada', connectionId: null })).toEqual({ userId: 'u-ada' });
    expect(liveQuery({ userId: 'u-ada', connectionId: 't-1' })).toEqual({ userId: 'u-ada', connectionId: 't-1' });
  });
});
