/**
 * Text limits as a member meets them: a count that shows near the limit and a reason that
 * names the field when text is over it. Text over a limit is never cut: the form keeps it
 * and refuses to send or save it with this reason (the API refuses it too, with a 4xx).
 */

/** The count shows once this share of the limit is used, and always once the text is over. */
export const COUNT_FROM_SHARE = 0.8;

const characters = (count: number) => `${count} ${count === 1 ? 'character' : 'characters'}`;

/** `120 characters left` near the limit, `12 characters over the limit of 2000` over it, else ''. */
export function countText(length: number, max: number): string {
  const over = length - max;
  if (over > 0) return `${characters(over)} over the limit of ${max}`;
  return length >= max * COUNT_FROM_SHARE ? `${characters(max - length)} left` : '';
}

/**
 * Why a text can't be sent or saved as it is, naming it (`Your bio is 12 characters over the
 * limit of 2000. Shorten it to save it.`), or null when it fits.
 */
export function overLimitReason(what: string, length: number, max: number, verb: 'send' | 'save' | 'add' = 'send'): string | null {
  const over = length - max;
  return over > 0 ? `Your ${what} is ${characters(over)} over the limit of ${max}. Shorten it to ${verb} it.` : null;
}
