import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { relationIn } from '../connections/relation';
import { emptyState, type ConnectionsState } from '../connections/state';
import type { MemberCard } from '../connections/types';
import { AppError } from '../errors';
import { createConnectionsActions } from './connections';

const ada: MemberCard = {
  _id: 'a'.repeat(24),
  memberType: 'founder',
  name: 'Ada Lovelace',
  tagline: null,
  slug: 'ada',
  avatar: null,
  banner: null,
  profileId: 'p-ada',
  premium: false,
};

describe('a connection request past the limit', () => {
  test('is shown as an info toast with the wait from Retry-After, and the button goes back', async () => {
    const store = atom<ConnectionsState>(emptyState());
    const { api, session } = sessionStub();
    const notify = vi.fn();
    const actions = createConnectionsActions({ store, api, notify, onReceivedCount: vi.fn(), now: () => '2026-03-10T12:00:00Z' });
    session.mockRejectedValueOnce(new AppError('Too many connection requests. Please try again in 60 minutes.', 429, { retryAfter: 700 }));
    session.mockResolvedValue({ received: 0, sent: 0, accepted: 0, blocked: 0 });

    expect(await actions.connect(ada)).toBe(false);
    expect(notify).toHaveBeenCalledWith('Too many connection requests. Please try again in 12 minutes.', 'info');
    expect(store.get().relations[ada._id]?.relation ?? relationIn('none')).toEqual(relationIn('none'));
  });
});
