/**
 * Turning a refused form into what the page shows: one alert at the top and a message
 * under each field at fault. The API names fields in its messages (`currentPassword: is
 * incorrect`); when those fields are on the form, the alert says so in plain words and
 * each field tells its own problem, so nothing is said twice.
 */
import { fieldErrorsOf, type AppError } from '../errors';

export interface FormFeedback {
  /** The sentence for the alert at the top of the form. */
  alert: string;
  /** Field name → the message shown under that field. */
  fields: Record<string, string>;
}

/** `email: must be …; password: must …`: the API's generated validation message. */
const FIELD_LIST_MESSAGE = /^[\w.]+: .+/;

/** "Current password is incorrect" from the label and the API's problem "is incorrect". */
export function fieldMessage(label: string, problem: string): string {
  const text = problem.trim();
  return /^[a-z]/.test(text) ? `${label} ${text}` : text;
}

/**
 * What to show for `error` on a form whose fields are `labels` (name → visible label).
 * Field problems about fields not on the form stay in the alert's server message.
 */
export function feedbackFor(error: AppError, labels: Readonly<Record<string, string>>): FormFeedback {
  const fields: Record<string, string> = {};
  for (const [name, problem] of Object.entries(fieldErrorsOf(error))) {
    if (Object.hasOwn(labels, name)) fields[name] = fieldMessage(labels[name], problem);
  }
  const count = Object.keys(fields).length;
  if (count > 0 && FIELD_LIST_MESSAGE.test(error.message)) {
    return { alert: count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`, fields };
  }
  return { alert: error.message, fields };
}

/** A text field from a submitted form, trimmed and cut to `maxLength`; '' when absent. */
export function formText(form: FormData, name: string, maxLength = 200): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, maxLength) : '';
}

/** A password from a submitted form, exactly as typed (spaces count); '' when absent. */
export function formSecret(form: FormData, name: string, maxLength = 200): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, maxLength) : '';
}

/** Whether a checkbox was ticked. */
export function formChecked(form: FormData, name: string): boolean {
  return form.has(name);
}
