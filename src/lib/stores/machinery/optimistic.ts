/**
 * An optimistic change: the screen shows it at once, the request follows, and the server's
 * answer settles it. When the server refuses, exactly that change is rolled back and the
 * member is told why in the server's words (docs/product.md#errors).
 */
import { toAppError, type AppError } from '../../errors';

export interface OptimisticChange<T> {
  /** Shows the change at once. */
  change: () => void;
  /** Sends it to the server. */
  request: () => Promise<T>;
  /** Takes the server's answer in (the change only showed a guess of it). */
  settle?: (answer: T) => void;
  /** Puts back what `change` did, on whatever the state has become meanwhile. */
  rollback: () => void;
  /**
   * Tells the member why the server refused (a toast) and does whatever else a refusal
   * calls for. Without it the refusal is thrown back, for a form to keep its draft.
   */
  onRefused?: (error: AppError) => void;
}

/**
 * Applies `change`, sends `request` and settles with its answer: true when the change
 * held, false when it was refused and rolled back. A refusal (or a failing `settle`) is an
 * AppError, passed to `onRefused`, or thrown when there is none.
 */
export async function applyOptimistic<T>({ change, request, settle, rollback, onRefused }: OptimisticChange<T>): Promise<boolean> {
  change();
  try {
    const answer = await request();
    settle?.(answer);
    return true;
  } catch (cause) {
    const error = toAppError(cause);
    rollback();
    if (!onRefused) throw error;
    onRefused(error);
    return false;
  }
}

/** The usual refusal: a toast with the server's message. */
export function toastRefusal(notify: (message: string, kind: 'error') => void): (error: AppError) => void {
  return (error) => notify(error.message, 'error');
}
