/**
 * A form's own check before an admin action asks for confirmation: the first field that is
 * required but blank (spaces count as blank, as the API trims) or otherwise invalid gets its
 * message under it, is marked invalid and takes the focus, so the dialog never opens for a
 * form the server would refuse. The message is the field's `data-missing` text when it has
 * one, else the browser's own. Typing in the field clears it.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (element: unknown): element is Field => element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

function problemOf(field: Field): string | null {
  if (!field.willValidate) return null;
  if (field.required && field.value.trim() === '') return field.dataset.missing ?? (field.validationMessage || 'This field is required.');
  return field.checkValidity() ? null : field.validationMessage;
}

/** The message element under `field` (`<id>-error`), made when the page has none. */
function errorElementOf(field: Field): HTMLElement {
  const id = `${field.id || field.name}-error`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const element = document.createElement('p');
  element.id = id;
  element.className = 'field-error';
  field.insertAdjacentElement('afterend', element);
  return element;
}

function showProblem(field: Field, problem: string) {
  const element = errorElementOf(field);
  element.textContent = problem;
  field.setAttribute('aria-invalid', 'true');
  const described = new Set((field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
  described.add(element.id);
  field.setAttribute('aria-describedby', [...described].join(' '));
  if (!field.dataset.watched) {
    field.dataset.watched = '';
    field.addEventListener('input', () => {
      if (problemOf(field)) return;
      element.textContent = '';
      field.removeAttribute('aria-invalid');
    });
  }
  field.focus();
}

/** True when every field of `form` passes; otherwise shows the first problem by its field and focuses it. */
export function checkFields(form: HTMLFormElement): boolean {
  for (const element of Array.from(form.elements)) {
    if (!isField(element)) continue;
    const problem = problemOf(element);
    if (problem) {
      showProblem(element, problem);
      return false;
    }
  }
  return true;
}
