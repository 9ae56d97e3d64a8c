/**
 * Saved people, saved searches and the pause (docs/product.md "Saved people and searches",
 * "Pause"): the lists on /saved, the profile's Save and the search screen's "Save this
 * search", and whether the member is paused (the matching banner, settings, the match
 * moment). Refusals are thrown in the server's words (AppError) for the islands to show.
 */
import { atom } from 'nanostores';
import type { PauseState, SavedMember, SavedSearchList } from '@api/saved/schemas';
import { api, data } from '../api/client';
import { AppError } from '../errors';

export const $savedPeople = atom<SavedMember[] | null>(null);
export const $savedSearches = atom<SavedSearchList | null>(null);
export const $pause = atom<PauseState | null>(null);

export async function loadSavedPeople(): Promise<void> {
  $savedPeople.set((await data(api.saved.members.$get())).data);
}

export async function loadSavedSearches(): Promise<void> {
  $savedSearches.set(await data(api.saved.searches.$get()));
}

/** The member as saved by the viewer, or null when not saved. */
export async function savedEntry(memberId: string): Promise<SavedMember | null> {
  try {
    return await data(api.saved.members[':memberId'].$get({ param: { memberId } }));
  } catch (cause) {
    if (cause instanceof AppError && cause.status === 404) return null;
    throw cause;
  }
}

/** Saves a member, or replaces the note; the lists follow. */
export async function saveMember(memberId: string, note: string): Promise<SavedMember> {
  const saved = await data(api.saved.members[':memberId'].$put({ param: { memberId }, json: { note } }));
  const people = $savedPeople.get();
  if (people) $savedPeople.set(people.some((entry) => entry.member._id === memberId) ? people.map((entry) => (entry.member._id === memberId ? saved : entry)) : [saved, ...people]);
  return saved;
}

export async function unsaveMember(memberId: string): Promise<void> {
  await data(api.saved.members[':memberId'].$delete({ param: { memberId } }));
  const people = $savedPeople.get();
  if (people) $savedPeople.set(people.filter((entry) => entry.member._id !== memberId));
}

export async function saveSearch(name: string, memberType: 'founder' | 'advisor', query: string) {
  const saved = await data(api.saved.searches.$post({ json: { name, memberType, query } }));
  const list = $savedSearches.get();
  if (list) $savedSearches.set({ ...list, data: [saved, ...list.data] });
  return saved;
}

export async function deleteSavedSearch(id: string): Promise<void> {
  $savedSearches.set(await data(api.saved.searches[':id'].$delete({ param: { id } })));
}

export async function loadPause(): Promise<void> {
  $pause.set(await data(api.matching.pause.$get()));
}

/** Pauses (true) or resumes (false) the member. */
export async function setPaused(paused: boolean): Promise<PauseState> {
  const state = await data(paused ? api.matching.pause.$put() : api.matching.pause.$delete());
  $pause.set(state);
  return state;
}
