import { describe, expect, test, vi } from 'vitest';
import { AppError } from '../errors';
import { SKIPPED_KEY } from './match-deck';
import { match, pageOf } from './match-fixtures';
import { sessionStub } from '../api/session-stub';
import { createDeckStore, createMatchDeck } from './match-store';
import { MATCH_PAGE_SIZE } from './reads';
import { queueOf } from './match-deck';

const L = MATCH_PAGE_SIZE;
const idsFrom = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix}${n + 1}`);

/** A deck over a fake server holding the suggestion ids `server` (members connected to leave it). */
function setup(server: string[], { storage = new Map<string, string>(), connectOk = true } = {}) {
  const store = createDeckStore();
  const asked: string[] = [];
  const { api, session: get } = sessionStub();
  get.mockImplementation(async (path: string): Promise<unknown> => {
    asked.push(path);
    const page = Number(new URL(path, 'http://x/').searchParams.get('page'));
    return pageOf(server, page, L);
  });
  const connect = vi.fn(async (member: { _id: string }) => {
    if (connectOk) server.splice(server.indexOf(member._id), 1);
    return connectOk;
  });
  const deck = createMatchDeck({
    store,
    memberType: 'founder',
    api,
    connect,
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
  });
  return { store, deck, get, connect, asked, storage };
}

const queue = (store: ReturnType<typeof createDeckStore>) => queueOf(store.get().matches, store.get().skipped).map((m) => m.member._id);

describe('the matching deck', () => {
  test('starts from the server’s first page and the skips of this session', () => {
    const server = idsFrom('m', 12);
    const { store, deck } = setup(server, { storage: new Map([[SKIPPED_KEY, '["m2"]']]) });
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    expect(queue(store).slice(0, 3)).toEqual(['m1', 'm3', 'm4']);
    expect(store.get().exhausted).toBe(false);
  });

  test('puts an answer undone back on top: an Interested (left the deck) or a Not now (skipped)', async () => {
    const server = idsFrom('m', 5);
    const { store, deck } = setup(server);
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    await deck.connectTo(match('m1'));
    deck.skip(match('m2'));
    expect(queue(store).slice(0, 2)).toEqual(['m3', 'm4']);
    deck.restore(match('m2'));
    deck.restore(match('m1'));
    expect(queue(store).slice(0, 3)).toEqual(['m1', 'm2', 'm3']);
    expect(store.get()).toMatchObject({ sent: 0, consumed: 5 });
  });

  test('knows a single short page is all there is', () => {
    const server = idsFrom('m', 4);
    const { store, deck } = setup(server);
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    expect(store.get().exhausted).toBe(true);
  });

  test('removes a member once the request is sent, and keeps them when it fails', async () => {
    const server = idsFrom('m', 5);
    const ok = setup(server);
    ok.deck.hydrate({ page: pageOf(server, 1, L), error: null });
    expect(await ok.deck.connectTo(match('m1'), 'Hello')).toBe(true);
    expect(ok.connect).toHaveBeenCalledWith(expect.objectContaining({ _id: 'm1' }), 'Hello');
    expect(queue(ok.store)).toEqual(['m2', 'm3', 'm4', 'm5']);
    expect(ok.store.get()).toMatchObject({ sent: 1, sending: null });

    const refused = setup(idsFrom('m', 5), { connectOk: false });
    refused.deck.hydrate({ page: pageOf(idsFrom('m', 5), 1, L), error: null });
    expect(await refused.deck.connectTo(match('m1'))).toBe(false);
    expect(queue(refused.store)[0]).toBe('m1');
    expect(refused.store.get()).toMatchObject({ sent: 0, sending: null });
  });

  test('remembers a skip for the session and brings skips back on request', () => {
    const server = idsFrom('m', 3);
    const { store, deck, storage } = setup(server);
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    deck.skip(match('m1'));
    expect(queue(store)).toEqual(['m2', 'm3']);
    expect(JSON.parse(storage.get(SKIPPED_KEY)!)).toEqual(['m1']);
    deck.restoreSkipped();
    expect(queue(store)).toEqual(['m1', 'm2', 'm3']);
    expect(JSON.parse(storage.get(SKIPPED_KEY)!)).toEqual([]);
  });

  test('keeps the skips of members it has not loaded when bringing its own back', () => {
    const server = idsFrom('m', 2);
    const { store, deck, storage } = setup(server, { storage: new Map([[SKIPPED_KEY, '["elsewhere"]']]) });
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    deck.skip(match('m1'));
    deck.restoreSkipped();
    expect(store.get().skipped).toEqual(['elsewhere']);
    expect(JSON.parse(storage.get(SKIPPED_KEY)!)).toEqual(['elsewhere']);
  });

  test('asks for the next page before running out, without repeating or missing anyone after connections', async () => {
    const server = idsFrom('m', 25);
    const { store, deck, asked } = setup(server);
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    // Connect to three and skip five: fewer than three left to review, so page 2 is asked for.
    for (const id of ['m1', 'm2', 'm3']) await deck.connectTo(match(id));
    for (const id of ['m4', 'm5', 'm6', 'm7', 'm8']) deck.skip(match(id));
    await vi.waitFor(() => expect(store.get().loading).toBe(false));
    // The server's list lost m1–m3, so m11 is now 8th: page 1 again (its repeats are merged away).
    expect(asked).toEqual([`profiles/recommend-search?limit=${L}&page=1&memberType=founder`]);
    expect(queue(store)).toEqual(['m9', 'm10', 'm11', 'm12', 'm13']);
    await deck.loadMore();
    await deck.loadMore();
    expect(asked.slice(1).map((path) => new URL(path, 'http://x/').searchParams.get('page'))).toEqual(['2', '3']);
    expect(queue(store)).toEqual(idsFrom('m', 25).slice(8));
    expect(store.get().exhausted).toBe(true);
  });

  test('says why a load failed and loads again on retry', async () => {
    const server = idsFrom('m', 15);
    const { store, deck, get } = setup(server);
    deck.hydrate({ page: null, error: 'Something went to wrong' });
    expect(store.get().error).toBe('Something went to wrong');
    get.mockRejectedValueOnce(new AppError('Too many requests', 429));
    await deck.retry();
    expect(store.get().error).toBe('Too many requests');
    await deck.retry();
    expect(store.get().error).toBeNull();
    expect(queue(store)).toEqual(idsFrom('m', 10));
  });

  test('sends one request at a time', async () => {
    const server = idsFrom('m', 3);
    const { deck, connect } = setup(server);
    deck.hydrate({ page: pageOf(server, 1, L), error: null });
    const first = deck.connectTo(match('m1'));
    expect(await deck.connectTo(match('m2'))).toBe(false);
    await first;
    expect(connect).toHaveBeenCalledTimes(1);
  });
});
