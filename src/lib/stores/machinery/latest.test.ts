import { describe, expect, test } from 'vitest';
import { latestLoad, latestLoads } from './latest';

describe('latestLoad', () => {
  test('a newer load makes the older ticket stale and keeps its own', () => {
    const loads = latestLoad();
    const first = loads.start();
    const second = loads.start();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  test('a follower stays current with the load it follows and goes stale with it', () => {
    const loads = latestLoad();
    const load = loads.start();
    const nextPage = loads.follow();
    expect(load()).toBe(true);
    expect(nextPage()).toBe(true);
    loads.start();
    expect(nextPage()).toBe(false);
  });

  test('superseding makes every ticket stale without starting a load', () => {
    const loads = latestLoad();
    const load = loads.start();
    const before = loads.version();
    loads.supersede();
    expect(load()).toBe(false);
    expect(loads.version()).not.toBe(before);
    expect(loads.follow()()).toBe(true);
  });
});

describe('latestLoads', () => {
  test('keeps one latest load per key', () => {
    const loads = latestLoads<'sent' | 'received'>();
    const sent = loads.of('sent').start();
    loads.of('received').start();
    expect(sent()).toBe(true);
  });

  test('tells which keys started a load since a mark, keys first used since included', () => {
    const loads = latestLoads<'sent' | 'received' | 'blocked'>();
    loads.of('sent').start();
    loads.of('received').start();
    const mark = loads.mark();
    loads.of('received').start();
    loads.of('blocked').start();
    expect(loads.changedSince(mark)).toEqual(['received', 'blocked']);
  });

  test('superseding all makes every key’s tickets stale', () => {
    const loads = latestLoads<'sent' | 'received'>();
    const sent = loads.of('sent').start();
    const received = loads.of('received').follow();
    loads.supersedeAll();
    expect([sent(), received()]).toEqual([false, false]);
  });
});
