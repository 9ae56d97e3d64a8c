import { describe, expect, test, vi } from 'vitest';
import { AppError } from '../../errors';
import { applyOptimistic, toastRefusal } from './optimistic';

function counter() {
  let value = 0;
  return {
    get: () => value,
    add: (delta: number) => {
      value += delta;
    },
  };
}

describe('applyOptimistic', () => {
  test('shows the change before the answer and settles with it', async () => {
    const count = counter();
    let answer!: (value: number) => void;
    const done = applyOptimistic({
      change: () => count.add(1),
      request: () => new Promise<number>((resolve) => (answer = resolve)),
      settle: (value) => count.add(value - count.get()),
      rollback: () => count.add(-1),
    });
    expect(count.get()).toBe(1);
    answer(7);
    expect(await done).toBe(true);
    expect(count.get()).toBe(7);
  });

  test('rolls the change back and hands the refusal to onRefused', async () => {
    const count = counter();
    const onRefused = vi.fn();
    const held = await applyOptimistic({
      change: () => count.add(1),
      request: () => Promise.reject(new AppError('Too many likes.', 429)),
      rollback: () => count.add(-1),
      onRefused,
    });
    expect(held).toBe(false);
    expect(count.get()).toBe(0);
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ message: 'Too many likes.', status: 429 }));
  });

  test('turns a fault that is not the server’s into the generic error', async () => {
    const onRefused = vi.fn();
    await applyOptimistic({ change: () => {}, request: () => Promise.reject(new TypeError('Failed to fetch')), rollback: () => {}, onRefused });
    expect(onRefused.mock.calls[0]![0]).toMatchObject({ message: 'Something went to wrong', status: 500 });
  });

  test('throws the refusal back after the rollback when nobody handles it', async () => {
    const count = counter();
    const refused = applyOptimistic({ change: () => count.add(1), request: () => Promise.reject(new AppError('Not yours.', 403)), rollback: () => count.add(-1) });
    await expect(refused).rejects.toThrow('Not yours.');
    expect(count.get()).toBe(0);
  });
});

describe('toastRefusal', () => {
  test('shows the server’s message as an error toast', () => {
    const notify = vi.fn();
    toastRefusal(notify)(new AppError('Only the author can delete this post.', 403));
    expect(notify).toHaveBeenCalledWith('Only the author can delete this post.', 'error');
  });
});
