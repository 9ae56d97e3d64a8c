import { describe, expect, test } from 'vitest';
import { relationIn } from '../connections/relation';
import type { RelationEntry } from '../connections/state';
import type { RelationState } from '../connections/types';
import { card } from '../inbox/fixtures';
import { requestOffer } from './request-offer';

const ready = (state: RelationState): RelationEntry => ({ status: 'ready', relation: relationIn(state), member: card('m'), error: null });

describe('requestOffer', () => {
  test('a Premium viewer may send a request to a member they are not connected with', () => {
    expect(requestOffer(ready('none'), true)).toBe('request');
    expect(requestOffer(ready('pending_sent'), true)).toBe('request');
    expect(requestOffer(ready('pending_received'), true)).toBe('request');
  });

  test('a free viewer sees the way to Premium instead', () => {
    expect(requestOffer(ready('none'), false)).toBe('upsell');
    expect(requestOffer(ready('pending_received'), false)).toBe('upsell');
  });

  test('connected members, blocks either way and the own profile get neither', () => {
    for (const premium of [true, false]) {
      expect(requestOffer(ready('connected'), premium)).toBe('none');
      expect(requestOffer(ready('blocked'), premium)).toBe('none');
      expect(requestOffer(ready('self'), premium)).toBe('none');
      expect(requestOffer({ status: 'hidden', relation: null, member: null, error: null }, premium)).toBe('none');
    }
  });

  test('nothing is offered until the relation is known', () => {
    expect(requestOffer(undefined, true)).toBe('none');
    expect(requestOffer({ status: 'loading', relation: null, member: null, error: null }, true)).toBe('none');
    expect(requestOffer({ status: 'error', relation: null, member: null, error: 'Status unavailable.' }, false)).toBe('none');
  });
});
