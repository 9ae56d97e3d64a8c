import { atom } from 'nanostores';
import { describe, expect, test } from 'vitest';
import { sessionClient } from '../api/client';
import { type AccountDeletionState, createAccountDeletionActions, deletionDay } from './account-deletion';

const PENDING = {
  _id: '65f1c2a9e4b0a1d2c3e4f5a6',
  status: 'pending' as const,
  reason: 'Moving on',
  createdAt: '2026-11-25T20:00:00.000Z',
  dueAt: '2026-12-25T20:00:00.000Z',
  handledAt: null,
  adminNote: null,
  completedAt: null,
};

/** The actions over a transport that answers `respond(method, url, body)`; records the calls. */
function setup(respond: (method: string, url: string, body: unknown) => Response) {
  const store = atom<AccountDeletionState>({ request: undefined, busy: null, error: null });
  const calls: string[] = [];
  const api = sessionClient(async (url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push(`${init.method} ${url} ${JSON.stringify(body ?? null)}`);
    return respond(init.method ?? 'GET', url, body);
  });
  return { store, calls, actions: createAccountDeletionActions(store, api) };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('$accountDeletion', () => {
  test('asks with the trimmed reason and keeps the pending request', async () => {
    const { store, calls, actions } = setup(() => json({ request: PENDING }, 201));
    actions.hydrate(null);
    expect(await actions.ask('  Moving on  ')).toBe(true);
    expect(calls).toEqual(['POST /api/session/auth/profile-delete {"reason":"Moving on"}']);
    expect(store.get()).toEqual({ request: PENDING, busy: null, error: null });
  });

  test('sends no reason when none is given, and withdraws', async () => {
    const { store, calls, actions } = setup((method) => json({ request: method === 'PATCH' ? { ...PENDING, status: 'withdrawn' } : PENDING }, method === 'POST' ? 201 : 200));
    actions.hydrate(null);
    await actions.ask('   ');
    expect(await actions.withdraw()).toBe(true);
    expect(calls).toEqual(['POST /api/session/auth/profile-delete {}', 'PATCH /api/session/auth/profile-delete {"status":"withdrawn"}']);
    expect(store.get().request?.status).toBe('withdrawn');
  });

  test('keeps the request as it was and says why when the API refuses', async () => {
    const { store, actions } = setup(() => json({ message: 'The deletion request is already approved.', status: 409, data: null }, 409));
    actions.hydrate(PENDING);
    expect(await actions.withdraw()).toBe(false);
    expect(store.get()).toEqual({ request: PENDING, busy: null, error: 'The deletion request is already approved.' });
  });

  test('reads the request again after a failed first read', async () => {
    const { store, actions } = setup(() => json({ request: null }));
    actions.hydrate(undefined, 'Something went to wrong');
    expect(await actions.reload()).toBe(true);
    expect(store.get()).toEqual({ request: null, busy: null, error: null });
  });

  test('names the day in UTC, as the mails do', () => {
    expect(deletionDay('2026-12-25T23:30:00.000Z')).toBe('25 December 2026');
  });
});
