/**
 * `$privacy`: the member's privacy choices on /settings/privacy (whether search engines
 * may list the profile, whether they browse privately) and their private phone number.
 * A switch takes effect at once; PATCH /profile/privacy confirms it, and a refusal puts it
 * back with a toast saying why. The phone number is saved when the member asks, and a
 * refusal is told at its field.
 */
import type { Privacy } from '@api/profiles/schemas';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { fieldErrorsOf, toAppError } from '../errors';
import { toast, type ToastKind } from '../toast';
import { latestLoads } from './machinery/latest';
import { applyOptimistic } from './machinery/optimistic';

/** The on/off choices (the phone number is saved on its own, see `savePhone`). */
export type PrivacyChoice = 'searchIndexing' | 'privateBrowsing';

/** How a switch's change ended: confirmed, refused (and put back), or overtaken by a newer click. */
type PrivacyOutcome = 'saved' | 'refused' | 'stale';

/** How saving the phone number ended: stored (E.164, or null when removed), or refused with the words for its field. */
export type PhoneOutcome = { saved: true; phone: string | null } | { saved: false; error: string };

export interface PrivacyDeps {
  store: WritableAtom<Privacy>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
}

/** The choices shown (hydrated from the page before the first render). */
export const $privacy: WritableAtom<Privacy> = atom<Privacy>({ searchIndexing: true, privateBrowsing: false, phone: null });

/** The privacy actions over a store and a client (tests inject fakes). */
export function createPrivacyActions({ store, api, notify }: PrivacyDeps) {
  const switches = latestLoads<PrivacyChoice>();
  const setChoice = (key: PrivacyChoice, value: boolean) => store.set({ ...store.get(), [key]: value });

  /** Starts from the choices the page rendered. */
  function hydrate(initial: Privacy): void {
    switches.supersedeAll();
    store.set(initial);
  }

  /** Turns one choice on or off at once; the latest click on a switch decides what it shows. */
  async function choose(key: PrivacyChoice, value: boolean): Promise<PrivacyOutcome> {
    const latest = switches.of(key).start();
    const held = await applyOptimistic({
      change: () => setChoice(key, value),
      request: () => data(api.profile.privacy.$patch({ json: { [key]: value } })),
      settle: (answer) => {
        if (latest()) setChoice(key, answer[key]);
      },
      rollback: () => {
        if (latest()) setChoice(key, !value);
      },
      onRefused: (error) => {
        if (latest()) notify(`Your choice was not saved: ${error.message}`, 'error');
      },
    });
    if (!latest()) return 'stale';
    return held ? 'saved' : 'refused';
  }

  /**
   * Stores the number typed (blank removes it). The API checks it and answers it in
   * E.164; a refusal comes back as the sentence to show under the field.
   */
  async function savePhone(typed: string): Promise<PhoneOutcome> {
    const phone = typed.trim() === '' ? null : typed.trim();
    try {
      const answer = await data(api.profile.privacy.$patch({ json: { phone } }));
      store.set({ ...store.get(), phone: answer.phone });
      return { saved: true, phone: answer.phone };
    } catch (error) {
      const refused = toAppError(error);
      const problem = fieldErrorsOf(refused).phone;
      return { saved: false, error: problem ? `Phone number ${problem}.` : refused.message };
    }
  }

  return { hydrate, choose, savePhone };
}

export type PrivacyActions = ReturnType<typeof createPrivacyActions>;

/** The app's privacy actions, on `$privacy`, over the session proxy. */
export const privacyActions: PrivacyActions = createPrivacyActions({
  store: $privacy,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
});
