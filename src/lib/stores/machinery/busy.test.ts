import { atom } from 'nanostores';
import { describe, expect, test } from 'vitest';
import { busyIn, busySet, withBusy, type BusyState } from './busy';

describe('withBusy', () => {
  test('marks a key busy and frees it again, leaving the rest of the state', () => {
    const state = { busy: {}, name: 'feed' };
    const busy = withBusy(state, 'p1', true);
    expect(busy).toEqual({ busy: { p1: true }, name: 'feed' });
    expect(withBusy(busy, 'p1', false)).toEqual(state);
  });
});

describe('busyIn', () => {
  test('shows the key busy in the store while the task runs, and frees it when it ends', async () => {
    const store = atom<BusyState>({ busy: {} });
    const keys = busyIn(store.get, store.set);
    let finish!: (value: string) => void;
    const running = keys.during('p1', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(store.get().busy).toEqual({ p1: true });
    expect(keys.has('p1')).toBe(true);
    finish('done');
    expect(await running).toBe('done');
    expect(store.get().busy).toEqual({});
  });

  test('frees the key when the task fails, and passes the failure on', async () => {
    const store = atom<BusyState>({ busy: {} });
    const keys = busyIn(store.get, store.set);
    await expect(keys.during('p1', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(keys.has('p1')).toBe(false);
  });
});

describe('busySet', () => {
  test('keeps busy keys privately', async () => {
    const keys = busySet();
    let finish!: () => void;
    const running = keys.during('n1', () => new Promise<void>((resolve) => (finish = resolve)));
    expect(keys.has('n1')).toBe(true);
    expect(keys.has('n2')).toBe(false);
    finish();
    await running;
    expect(keys.has('n1')).toBe(false);
  });
});
