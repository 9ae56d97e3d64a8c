/**
 * Browser side of the verify-email screen: the mailed link (`?email=…&code=…`) verifies in
 * one click. The page a GET renders never uses the code (mail scanners fetch links, and must
 * not burn a code the member has not clicked); this script, which scanners do not run,
 * sends the filled-in form as a POST once the page has loaded, and shows that it is working.
 * Without JavaScript the form stays as it is, filled in, for the member to send.
 */

/** Sends the form marked `data-auto-verify` once, showing its progress. */
export function autoVerify(root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>('form[data-auto-verify]:not([data-auto-started])');
  const button = form?.querySelector<HTMLButtonElement>('button[name="intent"][value="verify"]');
  if (!form || !button || !form.checkValidity()) return;
  form.dataset.autoStarted = '';
  const progress = root.querySelector<HTMLElement>('[data-verify-progress]');
  if (progress) progress.hidden = false;
  // Back from the next page shows the form without the used code, rather than sending it again.
  const address = new URL(location.href);
  address.searchParams.delete('code');
  history.replaceState(history.state, '', address);
  form.requestSubmit(button);
  button.textContent = 'Verifying…';
  button.setAttribute('aria-busy', 'true');
  form.addEventListener('submit', (event) => event.preventDefault());
}
