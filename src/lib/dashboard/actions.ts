/**
 * The dashboard's inline answers to a connection request: Accept or Ignore, as the connections
 * screen words them, then the cards render again. Loaded on the first click only.
 */
import { api, data } from '../api/client';
import { toAppError } from '../errors';
import { toast } from '../toast';
import { refreshDashboard } from './refresh';

export type RequestAnswer = 'accept' | 'ignore';

/** Answers the request a button names (`data-request-id`, `data-request-action`, `data-member-name`). */
export async function answerRequest(button: HTMLButtonElement): Promise<void> {
  const id = button.dataset.requestId;
  const answer = button.dataset.requestAction as RequestAnswer | undefined;
  const name = button.dataset.memberName ?? 'this member';
  if (!id || (answer !== 'accept' && answer !== 'ignore')) return;
  // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page.
  const row = button.closest('[data-request-row]');
  const buttons = [...(row?.querySelectorAll<HTMLButtonElement>('button') ?? [button])];
  for (const each of buttons) each.setAttribute('aria-disabled', 'true');
  button.setAttribute('aria-busy', 'true');
  try {
    if (answer === 'accept') {
      await data(api.connection.accepted[':id'].$put({ param: { id } }));
      toast(`You and ${name} are now connected.`, { kind: 'success' });
    } else {
      await data(api.connection.ignored[':id'].$put({ param: { id } }));
      toast(`Request from ${name} ignored. They won't be told.`, { kind: 'info' });
    }
  } catch (cause) {
    toast(toAppError(cause).message, { kind: 'error' });
  } finally {
    button.removeAttribute('aria-busy');
    for (const each of buttons) each.removeAttribute('aria-disabled');
  }
  await refreshDashboard();
}
