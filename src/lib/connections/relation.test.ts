import { describe, expect, test } from 'vitest';
import { relationAfterChange, relationFromStatus, relationIn } from './relation';
import type { Connection } from './types';

const connection = { _id: 'c1' } as Connection;

describe('relationIn', () => {
  test('opens the actions of each state', () => {
    expect(relationIn('none').actions).toEqual(['connect']);
    expect(relationIn('pending_sent', 'c1')).toEqual({ state: 'pending_sent', connectionId: 'c1', actions: ['withdraw'] });
    expect(relationIn('pending_received', 'c1').actions).toEqual(['accept', 'ignore']);
    expect(relationIn('connected', 'c1').actions).toEqual(['message', 'remove']);
    expect(relationIn('blocked').actions).toEqual(['unblock']);
    expect(relationIn('self').actions).toEqual([]);
  });
});

describe('relations from the server', () => {
  test('takes a status answer as it is', () => {
    expect(relationFromStatus({ state: 'connected', connectionId: 'c1', actions: ['message', 'remove'] })).toEqual(relationIn('connected', 'c1'));
  });

  test('follows a change: a request that met theirs is a connection', () => {
    expect(relationAfterChange({ state: 'connected', connection })).toEqual(relationIn('connected', 'c1'));
    expect(relationAfterChange({ state: 'pending_sent', connection })).toEqual(relationIn('pending_sent', 'c1'));
    expect(relationAfterChange({ state: 'none', connection })).toEqual(relationIn('none'));
  });
});
