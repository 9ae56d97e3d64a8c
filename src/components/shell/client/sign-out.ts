/**
 * Sign-out and storage clearing (shared contract). With JS the header's sign-out form is
 * sent with fetch, storage is emptied and the router goes home. Without JS (or after a
 * plain form post) the page arrives with ?signed-out=1, or with the auth-cleared marker
 * when the server dropped a rejected token; both empty storage here.
 */
import { navigate } from 'astro:transitions/client';
import { clearClientStorage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { SIGNED_OUT_EVENT } from '../../../lib/live/signals';

const SIGNED_OUT_PARAM = 'signed-out';

/** Storage was just emptied, theme included: show what a fresh visit would show. */
function clearStorageAndTheme(): void {
  clearClientStorage();
  document.documentElement.dataset.theme = 'dark';
}

async function signOut(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message || 'Something went to wrong');
    }
    // The live connection (loaded on members' pages only) closes now, before the navigation.
    dispatchEvent(new Event(SIGNED_OUT_EVENT));
    clearStorageAndTheme();
    toast('You have signed out.', { kind: 'success' });
    await navigate('/', { history: 'replace' });
  } catch (error) {
    if (button) button.disabled = false;
    toast(error instanceof Error ? error.message : String(error), { kind: 'error' });
  }
}

/** Handles the markers a server-rendered page can carry after a sign-out or auth failure. */
function handleServerMarkers(): void {
  const url = new URL(location.href);
  if (url.searchParams.get(SIGNED_OUT_PARAM) === '1') {
    clearStorageAndTheme();
    toast('You have signed out.', { kind: 'success' });
    url.searchParams.delete(SIGNED_OUT_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  if (document.body.hasAttribute('data-auth-cleared')) {
    clearStorageAndTheme();
  }
}

export function initSignOut(onEachPage: (callback: () => void) => void): void {
  // Capture phase: runs before the client router's own submit handler claims the form.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement | null;
      if (!form?.matches?.('form[data-sign-out]')) return;
      event.preventDefault();
      event.stopPropagation();
      void signOut(form);
    },
    true,
  );
  onEachPage(handleServerMarkers);
}
