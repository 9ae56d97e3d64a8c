/**
 * One paged list on the connections screen (received, sent, connections, suggestions,
 * blocked) and the pure changes made to it: a page loaded, more appended, items taken out
 * optimistically and put back exactly where they were when the server refuses.
 */
import type { Paged } from './types';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'loading-more' | 'error';

export interface ListState<T> {
  items: T[];
  /** How many the server holds (kept in step with optimistic changes). */
  total: number;
  status: ListStatus;
  /** The message of the last failed load, shown with a retry button. */
  error: string | null;
}

/** An item taken out of a list, with the place it had. */
export interface Removed<T> {
  item: T;
  index: number;
}

export function emptyList<T>(): ListState<T> {
  return { items: [], total: 0, status: 'idle', error: null };
}

/** Whether the list has been loaded at least once (more may be loading). */
export function isLoaded(list: ListState<unknown>): boolean {
  return list.status === 'ready' || list.status === 'loading-more';
}

/** A list holding the first page the server answered. */
export function fromPage<T>(paged: Pick<Paged<T>, 'data' | 'total'>): ListState<T> {
  return { items: [...paged.data], total: paged.total, status: 'ready', error: null };
}

/**
 * The page to ask for next. Optimistic changes shift the server's pages under the list,
 * so it asks for the page holding the next unseen item; what it already has is dropped
 * by `appendPage`.
 */
export function nextPage(list: ListState<unknown>, limit: number): number {
  return Math.floor(list.items.length / limit) + 1;
}

/** Whether the server holds items the list does not show yet. */
export function hasMore(list: ListState<unknown>): boolean {
  return list.items.length < list.total;
}

/** The list with another page added after its items, leaving out ones it already has. */
export function appendPage<T>(list: ListState<T>, paged: Pick<Paged<T>, 'data' | 'total'>, keyOf: (item: T) => string): ListState<T> {
  const seen = new Set(list.items.map(keyOf));
  const fresh = paged.data.filter((item) => !seen.has(keyOf(item)));
  return { items: [...list.items, ...fresh], total: paged.total, status: 'ready', error: null };
}

/** The list without the items matching `predicate`, and those items with their places. */
export function removeWhere<T>(list: ListState<T>, predicate: (item: T) => boolean): { list: ListState<T>; removed: Removed<T>[] } {
  const removed: Removed<T>[] = [];
  const items = list.items.filter((item, index) => {
    if (!predicate(item)) return true;
    removed.push({ item, index });
    return false;
  });
  if (removed.length === 0) return { list, removed };
  return { list: { ...list, items, total: Math.max(0, list.total - removed.length) }, removed };
}

/** Puts removed items back at their places (or at the end when the list got shorter). */
export function restore<T>(list: ListState<T>, removed: Removed<T>[], keyOf: (item: T) => string): ListState<T> {
  if (removed.length === 0) return list;
  const items = [...list.items];
  const present = new Set(items.map(keyOf));
  let added = 0;
  for (const { item, index } of [...removed].sort((a, b) => a.index - b.index)) {
    if (present.has(keyOf(item))) continue;
    items.splice(Math.min(index, items.length), 0, item);
    added += 1;
  }
  return { ...list, items, total: list.total + added };
}

/** The list with `item` first (replacing an older copy). Lists not loaded yet are left alone. */
export function prepend<T>(list: ListState<T>, item: T, keyOf: (item: T) => string): ListState<T> {
  if (!isLoaded(list)) return list;
  const key = keyOf(item);
  const rest = list.items.filter((other) => keyOf(other) !== key);
  return { ...list, items: [item, ...rest], total: list.total + (rest.length === list.items.length ? 1 : 0) };
}
