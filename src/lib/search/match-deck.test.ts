import { describe, expect, test } from 'vitest';
import { bringForward, mergeMatches, nextMatchPage, queueOf, readSkipped, SKIPPED_KEY, SKIPPED_MAX, writeSkipped } from './match-deck';
import { match } from './match-fixtures';

const ids = (matches: { member: { _id: string } }[]) => matches.map((item) => item.member._id);

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the deck order', () => {
  test('leaves skipped members out of the suggestions to review', () => {
    expect(ids(queueOf([match('a'), match('b'), match('c')], ['b']))).toEqual(['a', 'c']);
  });

  test('merges a page without repeating a member already loaded or repeated in the page', () => {
    const merged = mergeMatches([match('a'), match('b')], [match('b'), match('c'), match('c'), match('d')]);
    expect(ids(merged)).toEqual(['a', 'b', 'c', 'd']);
  });

  test('brings a chosen suggestion to the front and leaves the list alone for an unknown one', () => {
    const list = [match('a'), match('b'), match('c')];
    expect(ids(bringForward(list, 'c'))).toEqual(['c', 'a', 'b']);
    expect(ids(bringForward(list, 'z'))).toEqual(['a', 'b', 'c']);
  });
});

describe('nextMatchPage', () => {
  test('asks for the page after the loaded ones', () => {
    expect(nextMatchPage(0, 10)).toBe(1);
    expect(nextMatchPage(10, 10)).toBe(2);
    expect(nextMatchPage(20, 10)).toBe(3);
  });

  test('asks again for the page the first unloaded suggestion moved into after connections freed places', () => {
    // 20 loaded, 3 connected: the server's 18th place is the first unloaded one, on page 2.
    expect(nextMatchPage(17, 10)).toBe(2);
  });
});

describe('skipped members in sessionStorage', () => {
  test('are written and read back', () => {
    const storage = memoryStorage();
    writeSkipped(storage, ['a', 'b']);
    expect(storage.items.get(SKIPPED_KEY)).toBe('["a","b"]');
    expect(readSkipped(storage)).toEqual(['a', 'b']);
  });

  test('read as none from a missing storage, junk or other types', () => {
    expect(readSkipped(undefined)).toEqual([]);
    expect(readSkipped(memoryStorage({ [SKIPPED_KEY]: '{not json' }))).toEqual([]);
    expect(readSkipped(memoryStorage({ [SKIPPED_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readSkipped(memoryStorage({ [SKIPPED_KEY]: '["a",3,null,"b"]' }))).toEqual(['a', 'b']);
  });

  test('keep the newest when there are too many, and survive a storage that refuses', () => {
    const storage = memoryStorage();
    writeSkipped(
      storage,
      Array.from({ length: SKIPPED_MAX + 5 }, (_, n) => `m${n}`),
    );
    const kept = readSkipped(storage);
    expect(kept).toHaveLength(SKIPPED_MAX);
    expect(kept[0]).toBe('m5');
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeSkipped(refusing, ['a'])).not.toThrow();
  });
});
