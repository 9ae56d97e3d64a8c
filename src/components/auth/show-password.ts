/**
 * Browser side of ShowPasswordButton.astro: each button turns its field between a masked
 * password and plain text. The field is masked again when its form is sent, so a browser
 * never stores or autofills it as plain text.
 */

/** Shows or masks the password of `input`, and says so on `button`. */
export function showPassword(input: HTMLInputElement, button: HTMLButtonElement, shown: boolean): void {
  input.type = shown ? 'text' : 'password';
  button.setAttribute('aria-pressed', String(shown));
  button.title = shown ? 'Hide password' : 'Show password';
}

/** Wires every show-password button under `root` that is not wired yet, and reveals it. */
export function wireShowPasswordButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-show-password]:not([data-wired])')) {
    const input = document.getElementById(button.dataset.showPassword ?? '');
    if (!(input instanceof HTMLInputElement)) continue;
    button.dataset.wired = '';
    button.hidden = false;
    button.addEventListener('click', () => showPassword(input, button, button.getAttribute('aria-pressed') !== 'true'));
    input.form?.addEventListener('submit', () => showPassword(input, button, false));
  }
}
