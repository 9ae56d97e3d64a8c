import { describe, expect, it } from 'vitest';
import { clearClientStorage, FEED_POSTS_KEY } from './storage';

/** A Map-backed Storage stand-in. */
function fakeStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    clear: () => map.clear(),
  };
}

describe('clearClientStorage', () => {
  it('names the kept key feed-posts', () => {
    expect(FEED_POSTS_KEY).toBe('feed-posts');
  });

  it('empties local and session storage but keeps the feed posts where they were', () => {
    const local = fakeStorage({ theme: 'light', [FEED_POSTS_KEY]: '[{"_id":"p1"}]', draft: 'x' });
    const session = fakeStorage({ next: '/feed', [FEED_POSTS_KEY]: '[]' });
    clearClientStorage({ local, session });
    expect(Object.fromEntries(local.map)).toEqual({ [FEED_POSTS_KEY]: '[{"_id":"p1"}]' });
    expect(Object.fromEntries(session.map)).toEqual({ [FEED_POSTS_KEY]: '[]' });
  });

  it('does not invent a feed posts entry that did not exist', () => {
    const local = fakeStorage({ theme: 'dark' });
    clearClientStorage({ local, session: fakeStorage() });
    expect(local.map.size).toBe(0);
  });

  it('keeps going when one storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
      clear: () => {},
    };
    const local = fakeStorage({ a: '1' });
    expect(() => clearClientStorage({ session: broken, local })).not.toThrow();
    expect(local.map.size).toBe(0);
  });

  it('does nothing when no storage is available (server rendering, Node)', () => {
    expect(() => clearClientStorage()).not.toThrow();
  });
});
