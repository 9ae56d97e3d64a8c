/**
 * Saving the availability form: checks it as the API will, sends PUT /office-hours whole,
 * and answers either the saved hours (as a form again) or the errors keyed by the form's fields.
 */
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { fieldErrorsOf, toAppError } from '../errors';
import { checkForm, formErrorsOf, toForm, toInput, type FieldErrors, type HoursForm } from './hours-form';

export type SaveOutcome = { saved: true; form: HoursForm } | { saved: false; message: string; errors: FieldErrors };

/** Checks and saves `form`; `zones` are the names the time zone may take. */
export async function saveHours(form: HoursForm, zones: readonly string[], api: Pick<ApiClient, 'office-hours'> = sessionApi): Promise<SaveOutcome> {
  const local = checkForm(form, zones);
  if (Object.keys(local).length > 0) return { saved: false, message: 'Some fields need a look.', errors: local };
  const { input, stretchKeys } = toInput(form);
  try {
    return { saved: true, form: toForm(await data(api['office-hours'].$put({ json: input }))) };
  } catch (cause) {
    const error = toAppError(cause);
    return { saved: false, message: error.message, errors: formErrorsOf(fieldErrorsOf(error), stretchKeys) };
  }
}
