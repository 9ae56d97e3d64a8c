/**
 * Browser side of PasswordStrength.astro: reads the password as it is typed, shows the
 * meter's reading and sets the field's validity to the API's rule. The checker (zxcvbn-ts
 * and about 400 KB of dictionaries) is a dynamic import, fetched on first focus.
 */
import { readStrength } from '../../lib/passwords/strength';

type Checker = typeof import('../../lib/passwords/checker');
let checker: Promise<Checker> | null = null;

function loadChecker(): Promise<Checker> {
  checker ??= import('../../lib/passwords/checker');
  return checker;
}

/** The member's own words on the form (name, email), which make a password easy to guess. */
function userInputsOf(form: HTMLFormElement | null): string[] {
  if (!form) return [];
  const words: string[] = [];
  for (const name of ['firstName', 'lastName', 'email']) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value.trim() !== '') words.push(...field.value.trim().split('@'));
  }
  return words;
}

function wire(box: HTMLElement): void {
  const input = document.getElementById(box.dataset.passwordStrength ?? '');
  const meter = box.querySelector('meter');
  const label = box.querySelector<HTMLElement>('[data-strength-label]');
  if (!(input instanceof HTMLInputElement) || !meter || !label) return;
  box.dataset.wired = '';
  box.hidden = false;
  input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), label.id].filter(Boolean).join(' '));

  const update = async () => {
    const password = input.value;
    let reading: ReturnType<typeof readStrength>;
    try {
      const { checkPassword } = await loadChecker();
      reading = readStrength({ password, ...checkPassword(password, userInputsOf(input.form)) });
    } catch {
      // The checker could not load (offline): the API still checks the password on submit.
      box.hidden = true;
      return;
    }
    if (input.value !== password) return; // a later keystroke brings its own reading
    meter.value = reading.value;
    input.setCustomValidity(reading.problem ?? '');
    const text = reading.label === '' ? '' : `Password strength: ${reading.label}.${reading.problem ? ` ${reading.problem}` : ''}`;
    // Only a changed sentence is written, so screen readers hear each change once.
    if (label.textContent !== text) label.textContent = text;
  };
  input.addEventListener('focus', () => void loadChecker().catch(() => undefined), { once: true });
  input.addEventListener('input', () => void update());
  if (input.value !== '') void update();
}

/** Wires every strength meter on the page that is not wired yet. */
export function wirePasswordStrength(): void {
  for (const box of document.querySelectorAll<HTMLElement>('[data-password-strength]:not([data-wired])')) wire(box);
}
