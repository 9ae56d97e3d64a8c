import { beforeEach, expect, test, vi } from 'vitest';
import { createAutosaver, type SaveStatus } from './autosave';

beforeEach(() => {
  vi.useFakeTimers();
  return () => vi.useRealTimers();
});

function setup(save: (value: string) => Promise<void>) {
  const statuses: SaveStatus[] = [];
  const saver = createAutosaver<string>({ save, onStatus: (status) => statuses.push(status), delay: 500, retryDelay: 5000 });
  return { saver, statuses };
}

test('saves only the latest value once the member pauses', async () => {
  const save = vi.fn(async () => {});
  const { saver, statuses } = setup(save);
  saver.schedule('a');
  await vi.advanceTimersByTimeAsync(300);
  saver.schedule('ab');
  await vi.advanceTimersByTimeAsync(499);
  expect(save).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(save).toHaveBeenCalledExactlyOnceWith('ab');
  expect(statuses.at(-1)).toBe('saved');
});

test('never runs two saves at once: a change made during a save is saved right after it', async () => {
  let finish!: () => void;
  const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const { saver } = setup(save);
  saver.schedule('one');
  await vi.advanceTimersByTimeAsync(500);
  saver.schedule('two');
  await vi.advanceTimersByTimeAsync(2000);
  expect(save).toHaveBeenCalledTimes(1);
  finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(save).toHaveBeenLastCalledWith('two');
  finish();
  await saver.flush();
  expect(save).toHaveBeenCalledTimes(2);
});

test('a failed save says so and is tried again later', async () => {
  const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
  const { saver, statuses } = setup(save);
  saver.schedule('draft');
  await vi.advanceTimersByTimeAsync(500);
  expect(statuses.at(-1)).toBe('error');
  await vi.advanceTimersByTimeAsync(5000);
  expect(save).toHaveBeenCalledTimes(2);
  expect(save).toHaveBeenLastCalledWith('draft');
  expect(statuses.at(-1)).toBe('saved');
});

test('flush saves at once; stop drops what waits and ignores later changes', async () => {
  const save = vi.fn(async () => {});
  const { saver } = setup(save);
  saver.schedule('now');
  await saver.flush();
  expect(save).toHaveBeenCalledWith('now');
  saver.schedule('dropped');
  saver.stop();
  saver.schedule('ignored');
  await vi.advanceTimersByTimeAsync(10_000);
  expect(save).toHaveBeenCalledTimes(1);
});
