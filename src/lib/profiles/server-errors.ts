/**
 * A refused profile save, as the form shows it: each field the API names goes under the
 * control that has it (see steps.ts for the names that differ), and the rest stays in
 * the alert at the top.
 */
import { fieldErrorsOf, type AppError } from '../errors';
import { fileProblemText } from '../file-refusal';
import { formFieldOf } from './steps';
import type { FieldErrors } from './validation';

/** "must be at most 60 characters" → "Must be at most 60 characters." */
function sentence(problem: string): string {
  const text = problem.trim();
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export interface SaveFeedback {
  /** For the alert at the top of the form. */
  alert: string;
  fields: FieldErrors;
}

/** What to show for a refused save. `known` tells whether the form has a control for a field. */
export function saveFeedback(error: AppError, known: (field: string) => boolean): SaveFeedback {
  const fields: FieldErrors = {};
  const unplaced: string[] = [];
  for (const [name, problem] of Object.entries(fieldErrorsOf(error))) {
    const field = formFieldOf(name);
    // A picture's problem in a member's words ("This file isn't a picture we can use…").
    const words = field === 'profilePicture' || field === 'profileBanner' ? fileProblemText(problem, 'picture') : sentence(problem);
    if (known(field)) fields[field] ??= words;
    else unplaced.push(`${name}: ${problem}`);
  }
  const count = Object.keys(fields).length;
  if (error.status === 413) return { alert: 'Your photos are too large to send together. Choose smaller files and try again.', fields };
  if (count === 0) return { alert: error.message, fields };
  const marked = count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`;
  return { alert: unplaced.length > 0 ? `${marked} Also: ${unplaced.join('; ')}` : marked, fields };
}

/** The errors left once the member changes `keys` (a key clears its nested errors too). */
export function withoutErrorsFor(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  const stale = (field: string) => keys.some((key) => field === key || field.startsWith(`${key}.`) || field === `${key}Alt`);
  if (!Object.keys(errors).some(stale)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !stale(field)));
}
