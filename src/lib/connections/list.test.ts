import { describe, expect, test } from 'vitest';
import { appendPage, emptyList, fromPage, hasMore, nextPage, prepend, removeWhere, restore, type ListState } from './list';

type Item = { id: string };
const keyOf = (item: Item) => item.id;
const items = (...ids: string[]) => ids.map((id) => ({ id }));
const ids = (list: ListState<Item>) => list.items.map(keyOf);

describe('loading pages', () => {
  test('a first page makes a ready list with the server total', () => {
    const list = fromPage({ data: items('a', 'b'), total: 5 });
    expect(list).toEqual({ items: items('a', 'b'), total: 5, status: 'ready', error: null });
    expect(hasMore(list)).toBe(true);
  });

  test('more pages are appended without the items the list already shows', () => {
    const list = appendPage(fromPage({ data: items('a', 'b'), total: 4 }), { data: items('b', 'c', 'd'), total: 4 }, keyOf);
    expect(ids(list)).toEqual(['a', 'b', 'c', 'd']);
    expect(hasMore(list)).toBe(false);
  });

  test('asks for the page that holds the next unseen item, even after items were taken out', () => {
    expect(nextPage(emptyList(), 10)).toBe(1);
    expect(nextPage(fromPage({ data: items(...'abcdefghij'), total: 30 }), 10)).toBe(2);
    const afterOneRemoved = removeWhere(fromPage({ data: items(...'abcdefghij'), total: 30 }), (item) => item.id === 'c').list;
    expect(nextPage(afterOneRemoved, 10)).toBe(1);
  });
});

describe('optimistic changes', () => {
  test('removing takes the matching items out, lowers the total and remembers their places', () => {
    const { list, removed } = removeWhere(fromPage({ data: items('a', 'b', 'c'), total: 7 }), (item) => item.id !== 'b');
    expect(ids(list)).toEqual(['b']);
    expect(list.total).toBe(5);
    expect(removed).toEqual([
      { item: { id: 'a' }, index: 0 },
      { item: { id: 'c' }, index: 2 },
    ]);
  });

  test('removing nothing gives back the same list', () => {
    const list = fromPage({ data: items('a'), total: 1 });
    expect(removeWhere(list, () => false).list).toBe(list);
  });

  test('restoring puts items back where they were, even when another item left meanwhile', () => {
    const start = fromPage({ data: items('a', 'b', 'c', 'd'), total: 4 });
    const first = removeWhere(start, (item) => item.id === 'b');
    const second = removeWhere(first.list, (item) => item.id === 'd');
    const back = restore(second.list, first.removed, keyOf);
    expect(ids(back)).toEqual(['a', 'b', 'c']);
    expect(back.total).toBe(3);
  });

  test('restoring skips an item that is already back in the list', () => {
    const { list, removed } = removeWhere(fromPage({ data: items('a', 'b'), total: 2 }), (item) => item.id === 'a');
    const again = prepend(list, { id: 'a' }, keyOf);
    expect(ids(restore(again, removed, keyOf))).toEqual(['a', 'b']);
  });

  test('prepending puts an item first, replaces an older copy, and leaves unloaded lists alone', () => {
    const list = fromPage({ data: items('a', 'b'), total: 2 });
    expect(ids(prepend(list, { id: 'z' }, keyOf))).toEqual(['z', 'a', 'b']);
    expect(prepend(list, { id: 'z' }, keyOf).total).toBe(3);
    expect(ids(prepend(list, { id: 'b' }, keyOf))).toEqual(['b', 'a']);
    expect(prepend(list, { id: 'b' }, keyOf).total).toBe(2);
    expect(prepend(emptyList<Item>(), { id: 'z' }, keyOf)).toEqual(emptyList());
  });
});
