import { atom } from 'nanostores';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { relationIn } from '../connections/relation';
import { emptyState, stateFromInitial, type ConnectionsState, type InitialConnections } from '../connections/state';
import type { Connection, MemberCard, Suggestion } from '../connections/types';
import { AppError } from '../errors';
import { PAGE_SIZE } from '../connections/paths';
import { sessionStub } from '../api/session-stub';
import { createConnectionsActions } from './connections';

function member(id: string, name = `Member ${id}`): MemberCard {
  return { _id: id, memberType: 'founder', name, tagline: null, slug: id, avatar: null, banner: null, profileId: `p-${id}`, premium: false };
}

function connection(id: string, other: MemberCard, direction: Connection['direction'] = 'received', status: Connection['status'] = 'pending'): Connection {
  return { _id: id, status, direction, note: null, createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z', member: other };
}

const ada = member('a'.repeat(24), 'Ada Lovelace');
const bob = member('b'.repeat(24), 'Bob Marley');
const counts = { received: 2, sent: 1, accepted: 3, blocked: 0 };

/** A promise the test settles by hand, to look at the state while a request is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(initial?: InitialConnections) {
  const store = atom<ConnectionsState>(initial ? stateFromInitial(initial) : emptyState());
  const { api, session } = sessionStub();
  const client = { session };
  const notify = vi.fn();
  const onReceivedCount = vi.fn();
  const actions = createConnectionsActions({ store, api, notify, onReceivedCount, now: () => '2026-03-10T12:00:00Z' });
  return { store, client, notify, onReceivedCount, actions };
}

const receivedTab = (items: Connection[]): InitialConnections => ({ tab: 'received', counts, page: { data: items, total: items.length }, error: null });
const ids = (items: { _id: string }[]) => items.map((item) => item._id);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the state the server rendered', () => {
  test('fills the chosen tab and the counts, and leaves the other lists to load later', () => {
    const { store } = setup(receivedTab([connection('c1', ada)]));
    expect(store.get().counts).toEqual(counts);
    expect(ids(store.get().lists.received.items)).toEqual(['c1']);
    expect(store.get().lists.received.status).toBe('ready');
    expect(store.get().lists.sent.status).toBe('idle');
  });

  test('shows the error of a tab that could not be loaded', () => {
    const { store } = setup({ tab: 'sent', counts: null, page: null, error: 'Something went to wrong' });
    expect(store.get().lists.sent).toMatchObject({ status: 'error', error: 'Something went to wrong' });
  });

  test('knows every suggested member is not connected yet', () => {
    const suggestion: Suggestion = { member: ada, reasons: ['Advisor'], score: 1 };
    const { store } = setup({ tab: 'suggestions', counts, page: { data: [suggestion], total: 1 }, error: null });
    expect(store.get().relations[ada._id]?.relation).toEqual(relationIn('none'));
  });
});

describe('loading lists', () => {
  test('loads a tab once, showing it loading meanwhile', async () => {
    const { store, client, actions } = setup();
    const answer = deferred<unknown>();
    client.session.mockReturnValueOnce(answer.promise);
    const loading = actions.loadList('sent');
    expect(store.get().lists.sent.status).toBe('loading');
    answer.resolve({ data: [connection('c1', ada, 'sent')], total: 1, page: 1, limit: PAGE_SIZE, pages: 1 });
    await loading;
    expect(client.session).toHaveBeenCalledWith(`connection/status?_type=sent&limit=${PAGE_SIZE}&page=1`);
    expect(store.get().lists.sent).toMatchObject({ status: 'ready', total: 1 });
    await actions.loadList('sent');
    expect(client.session).toHaveBeenCalledTimes(1);
  });

  test('asks the blocks and suggestions routes for those tabs', async () => {
    const { client, actions } = setup();
    client.session.mockResolvedValue({ data: [], total: 0 });
    await actions.loadList('blocked');
    await actions.loadList('suggestions');
    expect(client.session).toHaveBeenCalledWith(`connection/blocks?limit=${PAGE_SIZE}&page=1`);
    expect(client.session).toHaveBeenCalledWith('connection/you-might-like?limit=20');
  });

  test('keeps a failed load as an error to retry', async () => {
    const { store, client, actions } = setup();
    client.session.mockRejectedValueOnce(new AppError('The API is resting', 503));
    await actions.loadList('connections');
    expect(store.get().lists.connections).toMatchObject({ status: 'error', error: 'The API is resting' });
    client.session.mockResolvedValueOnce({ data: [connection('c1', ada, 'sent', 'accepted')], total: 1 });
    await actions.loadList('connections');
    expect(store.get().lists.connections.status).toBe('ready');
  });

  test('appends the next page and leaves out what it already shows', async () => {
    const first = Array.from({ length: PAGE_SIZE }, (_, i) => connection(`c${i}`, member(String(i).padStart(24, '0'))));
    const { store, client, actions } = setup({ tab: 'received', counts, page: { data: first, total: 12 }, error: null });
    client.session.mockResolvedValueOnce({ data: [first[9], connection('c10', bob), connection('c11', ada)], total: 12 });
    await actions.loadMore('received');
    expect(client.session).toHaveBeenCalledWith(`connection/status?_type=received&limit=${PAGE_SIZE}&page=2`);
    expect(store.get().lists.received.items).toHaveLength(12);
  });
});

describe('answering a request', () => {
  test('accepting takes the request out of Received at once and lowers the badge', async () => {
    const { store, client, actions, onReceivedCount } = setup(receivedTab([connection('c1', ada), connection('c2', bob)]));
    const answer = deferred<unknown>();
    client.session.mockReturnValueOnce(answer.promise).mockResolvedValue(counts);
    const accepting = actions.accept({ connectionId: 'c1', member: ada });
    expect(ids(store.get().lists.received.items)).toEqual(['c2']);
    expect(store.get().counts).toMatchObject({ received: 1, accepted: 4 });
    expect(onReceivedCount).toHaveBeenCalledWith(1);
    expect(store.get().busy[ada._id]).toBe(true);
    answer.resolve({ state: 'connected', connection: connection('c1', ada, 'received', 'accepted') });
    expect(await accepting).toBe(true);
    expect(client.session).toHaveBeenCalledWith('connection/accepted/c1', { method: 'PUT' });
    expect(store.get().relations[ada._id]?.relation).toEqual(relationIn('connected', 'c1'));
    expect(store.get().busy[ada._id]).toBeUndefined();
  });

  test('a refused accept puts the request back where it was and toasts the server message', async () => {
    const { store, client, actions, notify } = setup(receivedTab([connection('c1', ada), connection('c2', bob)]));
    client.session.mockRejectedValueOnce(new AppError('Something went to wrong', 500));
    expect(await actions.accept({ connectionId: 'c1', member: ada })).toBe(false);
    expect(ids(store.get().lists.received.items)).toEqual(['c1', 'c2']);
    expect(store.get().counts).toEqual(counts);
    expect(notify).toHaveBeenCalledWith('Something went to wrong', 'error');
  });

  test('rolling back one action keeps another that succeeded meanwhile', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada), connection('c2', bob)]));
    const first = deferred<unknown>();
    client.session.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ state: 'none', connection: connection('c2', bob) });
    const accepting = actions.accept({ connectionId: 'c1', member: ada });
    await actions.ignore({ connectionId: 'c2', member: bob });
    first.reject(new AppError('Something went to wrong', 500));
    await accepting;
    expect(ids(store.get().lists.received.items)).toEqual(['c1']);
    expect(store.get().counts?.received).toBe(1);
  });

  test('a request that is gone (404) is rolled back, then everything loaded is fetched again', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada)]));
    client.session.mockImplementation(async (path: string) => {
      if (path.startsWith('connection/ignored')) throw new AppError('Connection request not found.', 404);
      if (path === 'connection/count') return { ...counts, received: 0 };
      return { data: [], total: 0 };
    });
    await actions.ignore({ connectionId: 'c1', member: ada });
    await vi.waitFor(() => expect(store.get().lists.received.items).toEqual([]));
    expect(store.get().counts?.received).toBe(0);
  });

  test('a second click on the same member waits for the first', async () => {
    const { client, actions } = setup(receivedTab([connection('c1', ada)]));
    const answer = deferred<unknown>();
    client.session.mockReturnValueOnce(answer.promise);
    const first = actions.accept({ connectionId: 'c1', member: ada });
    expect(await actions.ignore({ connectionId: 'c1', member: ada })).toBe(false);
    answer.resolve({ state: 'connected', connection: connection('c1', ada, 'received', 'accepted') });
    await first;
    expect(client.session).toHaveBeenCalledTimes(2); // accept, then the counts
  });
});

describe('sent requests and connections', () => {
  test('withdrawing sends PUT connection/{id} and takes the request out of Sent', async () => {
    const { store, client, actions } = setup({ tab: 'sent', counts, page: { data: [connection('c1', ada, 'sent')], total: 1 }, error: null });
    client.session.mockResolvedValueOnce({ state: 'none', connection: connection('c1', ada, 'sent', 'withdrawn') });
    await actions.withdraw({ connectionId: 'c1', member: ada });
    expect(client.session).toHaveBeenCalledWith('connection/c1', { method: 'PUT' });
    expect(store.get().lists.sent.items).toEqual([]);
    expect(store.get().counts?.sent).toBe(0);
  });

  test('removing sends DELETE connection/{id}', async () => {
    const { store, client, actions } = setup({ tab: 'connections', counts, page: { data: [connection('c1', ada, 'sent', 'accepted')], total: 1 }, error: null });
    client.session.mockResolvedValueOnce({ state: 'none', connection: connection('c1', ada, 'sent', 'removed') });
    await actions.remove({ connectionId: 'c1', member: ada });
    expect(client.session).toHaveBeenCalledWith('connection/c1', { method: 'DELETE' });
    expect(store.get().counts?.accepted).toBe(2);
  });

  test('connecting shows the request pending at once and sends the note', async () => {
    const { store, client, actions, notify } = setup();
    const answer = deferred<unknown>();
    client.session.mockReturnValueOnce(answer.promise);
    const connecting = actions.connect(ada, '  Loved your talk  ');
    expect(store.get().relations[ada._id]?.relation?.state).toBe('pending_sent');
    answer.resolve({ state: 'pending_sent', connection: connection('c9', ada, 'sent') });
    await connecting;
    expect(client.session).toHaveBeenCalledWith('connection/connect', { method: 'POST', body: { receiverId: ada._id, note: 'Loved your talk' } });
    expect(store.get().relations[ada._id]?.relation).toEqual(relationIn('pending_sent', 'c9'));
    expect(notify).toHaveBeenCalledWith('Request sent to Ada Lovelace.', 'success');
  });

  test('connecting to someone who had asked first connects the two and clears their request', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada)]));
    client.session.mockResolvedValueOnce({ state: 'connected', connection: connection('c1', ada, 'received', 'accepted') });
    await actions.connect(ada);
    expect(client.session).toHaveBeenCalledWith('connection/connect', { method: 'POST', body: { receiverId: ada._id } });
    expect(store.get().lists.received.items).toEqual([]);
    expect(store.get().relations[ada._id]?.relation).toEqual(relationIn('connected', 'c1'));
  });
});

describe('blocking and reporting', () => {
  test('blocking takes the member out of every list and into Blocked', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada), connection('c2', bob)]));
    await actions.loadList('blocked').catch(() => {});
    store.set({ ...store.get(), lists: { ...store.get().lists, blocked: { items: [], total: 0, status: 'ready', error: null } } });
    client.session.mockResolvedValueOnce({ blocked: true });
    await actions.block(ada);
    expect(client.session).toHaveBeenCalledWith(`connection/block/${ada._id}`, { method: 'POST' });
    expect(ids(store.get().lists.received.items)).toEqual(['c2']);
    expect(store.get().lists.blocked.items).toEqual([{ member: ada, createdAt: '2026-03-10T12:00:00Z' }]);
    expect(store.get().counts).toMatchObject({ received: 1, blocked: 1 });
    expect(store.get().relations[ada._id]?.relation).toEqual(relationIn('blocked'));
  });

  test('a refused block puts everything back', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada)]));
    client.session.mockRejectedValueOnce(new AppError('Something went to wrong', 500));
    await actions.block(ada);
    expect(ids(store.get().lists.received.items)).toEqual(['c1']);
    expect(store.get().counts).toEqual(counts);
    expect(store.get().relations[ada._id]).toBeUndefined();
  });

  test('unblocking sends DELETE connection/block/{id}', async () => {
    const { store, client, actions } = setup({
      tab: 'blocked',
      counts: { ...counts, blocked: 1 },
      page: { data: [{ member: ada, createdAt: '2026-03-01T00:00:00Z' }], total: 1 },
      error: null,
    });
    client.session.mockResolvedValueOnce({ blocked: false });
    await actions.unblock(ada);
    expect(client.session).toHaveBeenCalledWith(`connection/block/${ada._id}`, { method: 'DELETE' });
    expect(store.get().lists.blocked.items).toEqual([]);
    expect(store.get().counts?.blocked).toBe(0);
  });

  test('a report is sent with its reason and trimmed details, and a refusal reaches the caller', async () => {
    const { client, actions } = setup();
    client.session.mockResolvedValueOnce({ _id: 'r1', status: 'open' });
    await actions.report(ada, 'spam', '  sends the same pitch daily ');
    expect(client.session).toHaveBeenCalledWith('reports', {
      method: 'POST',
      body: { targetType: 'member', targetId: ada._id, reason: 'spam', details: 'sends the same pitch daily' },
    });
    client.session.mockRejectedValueOnce(new AppError('You cannot report yourself.', 400));
    await expect(actions.report(ada, 'other', '')).rejects.toThrow('You cannot report yourself.');
  });
});

describe('the relation with one member', () => {
  test('loads what the connection button should offer', async () => {
    const { store, client, actions } = setup();
    client.session.mockResolvedValueOnce({ state: 'pending_received', connectionId: 'c1', actions: ['accept', 'ignore'], member: ada });
    await actions.loadRelation(ada._id);
    expect(client.session).toHaveBeenCalledWith(`founder/connection-status/${ada._id}`);
    expect(store.get().relations[ada._id]).toEqual({ status: 'ready', relation: relationIn('pending_received', 'c1'), member: ada, error: null });
  });

  test('hides the button for a member who does not exist for the viewer', async () => {
    const { store, client, actions } = setup();
    client.session.mockRejectedValueOnce(new AppError('Member not found.', 404));
    await actions.loadRelation(ada._id);
    expect(store.get().relations[ada._id]?.status).toBe('hidden');
  });
});

describe('coming back to a tab', () => {
  test('reloads a list that shows only its first page, but not suggestions', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada)]));
    client.session.mockResolvedValueOnce({ data: [connection('c2', bob), connection('c1', ada)], total: 2 });
    await actions.loadList('received', { revalidate: true });
    expect(ids(store.get().lists.received.items)).toEqual(['c2', 'c1']);
    store.set({ ...store.get(), lists: { ...store.get().lists, suggestions: { items: [], total: 0, status: 'ready', error: null } } });
    await actions.loadList('suggestions', { revalidate: true });
    expect(client.session).toHaveBeenCalledTimes(1);
  });

  test('drops a reload that was sent before an optimistic change', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada), connection('c2', bob)]));
    const reload = deferred<unknown>();
    client.session.mockReturnValueOnce(reload.promise).mockResolvedValue({ state: 'none', connection: connection('c1', ada) });
    const reloading = actions.loadList('received', { revalidate: true });
    await actions.ignore({ connectionId: 'c1', member: ada });
    reload.resolve({ data: [connection('c1', ada), connection('c2', bob)], total: 2 });
    await reloading;
    expect(ids(store.get().lists.received.items)).toEqual(['c2']);
  });
});

describe('a list opened while an action is on its way', () => {
  test('is loaded again once the action succeeds, so it shows the outcome', async () => {
    const { store, client, actions } = setup(receivedTab([connection('c1', ada)]));
    const blocking = deferred<unknown>();
    let blockedOnServer = false;
    client.session.mockImplementation(async (path: string) => {
      if (path.startsWith('connection/block/')) return blocking.promise;
      if (path === 'connection/count') return { ...counts, blocked: 1 };
      return blockedOnServer ? { data: [{ member: ada, createdAt: '2026-03-10T12:00:00Z' }], total: 1 } : { data: [], total: 0 };
    });
    const block = actions.block(ada);
    await actions.loadList('blocked');
    expect(store.get().lists.blocked.items).toEqual([]);
    blockedOnServer = true;
    blocking.resolve({ blocked: true });
    await block;
    await vi.waitFor(() => expect(store.get().lists.blocked.items).toHaveLength(1));
  });
});
