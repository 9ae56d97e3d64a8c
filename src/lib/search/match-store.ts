/**
 * The matching deck's state and actions: the suggestions of one section of /matching,
 * reviewed one at a time. `connectTo` sends the answer that takes a member out of the deck
 * (Interested, through the introductions actions, which say how it went); `skip` moves on
 * (after a Not now the server stored); `restore` brings back an answer undone; the next page
 * is asked for before the deck runs out.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { Paged } from '@api/db/paging';
import type { Match, ProfileSummary } from '@api/profiles/schemas';
import type { MemberType } from '@api/users/schemas';
import type { ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { MATCH_PAGE_SIZE, readMatches } from './reads';
import { LOW_WATER, mergeMatches, nextMatchPage, queueOf, readSkipped, writeSkipped, bringForward } from './match-deck';

/** Pages read in one go at most when every suggestion of a page is already known or skipped. */
const MAX_PAGES_PER_LOAD = 3;

export interface MatchDeckState {
  matches: Match[];
  skipped: string[];
  /** Places of the server's list already loaded (see nextMatchPage). */
  consumed: number;
  /** No page is left on the server. */
  exhausted: boolean;
  loading: boolean;
  /** Why the last load failed; the deck offers to try again. */
  error: string | null;
  /** The member a request is on its way to. */
  sending: string | null;
  /** Requests sent from this deck since the page opened. */
  sent: number;
}

/** What the page rendered on the server: the section's first page, or why it failed. */
export interface InitialMatches {
  page: Paged<Match> | null;
  error: string | null;
}

export interface MatchDeckDeps {
  store: WritableAtom<MatchDeckState>;
  memberType: MemberType;
  api: ApiClient;
  /** Sends the answer (Interested); true when it went through (it reports failures itself). */
  connect: (member: ProfileSummary, note?: string) => Promise<boolean>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

/** The state a section starts from. */
export function deckFromInitial(initial: InitialMatches, skipped: string[]): MatchDeckState {
  const data = initial.page?.data ?? [];
  return {
    matches: mergeMatches([], data),
    skipped,
    consumed: data.length,
    exhausted: initial.page ? initial.page.page >= initial.page.pages || data.length < MATCH_PAGE_SIZE : false,
    loading: false,
    error: initial.error,
    sending: null,
    sent: 0,
  };
}

/** A new, empty deck store. */
export function createDeckStore(): WritableAtom<MatchDeckState> {
  return atom(deckFromInitial({ page: null, error: null }, []));
}

/** The deck's actions over a store (tests inject the network and the storage). */
export function createMatchDeck({ store, memberType, api, connect, storage }: MatchDeckDeps) {
  const patch = (changes: Partial<MatchDeckState>) => store.set({ ...store.get(), ...changes });

  /** Starts from the server's first page and the skips of this session. */
  function hydrate(initial: InitialMatches): void {
    store.set(deckFromInitial(initial, readSkipped(storage)));
  }

  /** Reads pages until one brings something new to review, the list ends, or a few pages were read. */
  async function loadMore(): Promise<void> {
    const start = store.get();
    if (start.loading || start.exhausted) return;
    patch({ loading: true, error: null });
    try {
      for (let read = 0; read < MAX_PAGES_PER_LOAD; read += 1) {
        const before = store.get();
        const page = nextMatchPage(before.consumed, MATCH_PAGE_SIZE);
        const answer = await readMatches(api, memberType, page);
        const now = store.get();
        const matches = mergeMatches(now.matches, answer.data);
        const exhausted = answer.page >= answer.pages || answer.data.length < MATCH_PAGE_SIZE;
        const consumed = Math.max(now.consumed, (page - 1) * MATCH_PAGE_SIZE + answer.data.length);
        patch({ matches, consumed, exhausted });
        if (exhausted || queueOf(matches, now.skipped).length > queueOf(now.matches, now.skipped).length) break;
      }
    } catch (cause) {
      patch({ error: toAppError(cause).message });
    } finally {
      patch({ loading: false });
    }
  }

  /** Asks for more when few suggestions are left to review. */
  function topUp(): void {
    const state = store.get();
    if (!state.error && queueOf(state.matches, state.skipped).length < LOW_WATER) void loadMore();
  }

  /** Sends a connection request to the member of `match`; on success they leave the deck. */
  async function connectTo(match: Match, note?: string): Promise<boolean> {
    if (store.get().sending) return false;
    patch({ sending: match.member._id });
    let sent = false;
    try {
      sent = await connect(match.member, note);
    } finally {
      const state = store.get();
      patch(
        sent
          ? {
              sending: null,
              matches: state.matches.filter((item) => item.member._id !== match.member._id),
              consumed: Math.max(0, state.consumed - 1),
              sent: state.sent + 1,
            }
          : { sending: null },
      );
    }
    if (sent) topUp();
    return sent;
  }

  /** Passes on a suggestion for this session. */
  function skip(match: Match): void {
    const state = store.get();
    if (state.skipped.includes(match.member._id)) return;
    const skipped = [...state.skipped, match.member._id];
    writeSkipped(storage, skipped);
    patch({ skipped });
    topUp();
  }

  /** Brings the skipped suggestions back to the deck. */
  function restoreSkipped(): void {
    const state = store.get();
    const loaded = new Set(state.matches.map((match) => match.member._id));
    // Skips of the other section stay: only this deck's members come back.
    const skipped = state.skipped.filter((id) => !loaded.has(id));
    writeSkipped(storage, skipped);
    patch({ skipped });
  }

  /** Puts an answered suggestion back on top (its answer was undone). */
  function restore(match: Match): void {
    const state = store.get();
    const skipped = state.skipped.filter((id) => id !== match.member._id);
    writeSkipped(storage, skipped);
    const answeredHere = !state.matches.some((item) => item.member._id === match.member._id);
    patch({
      skipped,
      matches: bringForward(mergeMatches(state.matches, [match]), match.member._id),
      consumed: answeredHere ? state.consumed + 1 : state.consumed,
      sent: answeredHere ? Math.max(0, state.sent - 1) : state.sent,
    });
  }

  /** Reviews `memberId` next. */
  function reviewNext(memberId: string): void {
    patch({ matches: bringForward(store.get().matches, memberId) });
  }

  /** Tries a failed load again. */
  function retry(): Promise<void> {
    patch({ error: null });
    return loadMore();
  }

  return { hydrate, loadMore, topUp, connectTo, skip, restore, restoreSkipped, reviewNext, retry };
}

export type MatchDeck = ReturnType<typeof createMatchDeck>;
