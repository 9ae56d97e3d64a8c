/**
 * The profile islands' data: saving the onboarding draft, sending the whole profile form
 * (completing onboarding, or the settings), looking up cities, and `$privacy`, the privacy
 * switches. A switch takes effect at once; PATCH /profile/privacy confirms it, and a
 * refusal puts it back with a toast saying why.
 */
import type { City } from '@api/cities/schemas';
import type { Privacy, ProfileDetails } from '@api/profiles/schemas';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, sendForm, type ApiClient } from '../api/client';
import { draftFits, type OnboardingDraft } from '../profiles/draft';
import type { ProfileForm } from '../profiles/form-model';
import { profileFormData, type MultipartOptions } from '../profiles/multipart';
import { toast, type ToastKind } from '../toast';
import { latestLoads } from './machinery/latest';
import { applyOptimistic } from './machinery/optimistic';

export type PrivacyChoice = keyof Privacy;

/** How a switch's change ended: confirmed, refused (and put back), or overtaken by a newer click. */
export type PrivacyOutcome = 'saved' | 'refused' | 'stale';

export interface ProfileDeps {
  api: ApiClient;
  privacy: WritableAtom<Privacy>;
  notify: (message: string, kind: ToastKind) => void;
}

/** The privacy choices shown on /settings/privacy (hydrated from the page). */
export const $privacy: WritableAtom<Privacy> = atom({ searchIndexing: true, privateBrowsing: false });

/** The profile actions over a client and the privacy store (tests inject fakes). */
export function createProfileActions({ api, privacy, notify }: ProfileDeps) {
  const switches = latestLoads<PrivacyChoice>();
  const setChoice = (key: PrivacyChoice, value: boolean) => privacy.set({ ...privacy.get(), [key]: value });

  /** PUT /onboarding: keeps what the member typed (small enough to outlive the page as it is left). */
  async function saveDraft(draft: OnboardingDraft): Promise<void> {
    if (!draftFits(draft)) throw new Error('The draft is larger than the API keeps.');
    await data(api.onboarding.$put({ json: draft }));
  }

  /**
   * Sends the whole form as multipart: POST /<type>/onboarding completes onboarding, PUT
   * /<type>/profile saves the settings. Answers the saved profile; a refusal is thrown.
   */
  async function submitProfile(form: ProfileForm, mode: 'onboarding' | 'edit', options: MultipartOptions = {}): Promise<ProfileDetails> {
    const routes = api[form.memberType];
    const body = profileFormData(form, options);
    const saved = await data(mode === 'onboarding' ? sendForm(routes.onboarding.$post, {}, body) : sendForm(routes.profile.$put, {}, body));
    return saved.profile;
  }

  /** GET /cities?search: up to `limit` cities matching `query`; `signal` drops a search overtaken by typing. */
  async function searchCities(query: string, limit: number, signal: AbortSignal): Promise<City[]> {
    return (await data(api.cities.$get({ query: { search: query, limit: String(limit) } }, { init: { signal } }))).data;
  }

  /** Starts from the choices the page rendered. */
  function hydratePrivacy(initial: Privacy): void {
    switches.supersedeAll();
    privacy.set(initial);
  }

  /** Turns one privacy choice on or off at once; the latest click on a switch decides what it shows. */
  async function setPrivacy(key: PrivacyChoice, value: boolean): Promise<PrivacyOutcome> {
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

  return { saveDraft, submitProfile, searchCities, hydratePrivacy, setPrivacy };
}

export type ProfileActions = ReturnType<typeof createProfileActions>;

/** The app's profile actions, over the session proxy. */
export const profileActions: ProfileActions = createProfileActions({
  api: sessionApi,
  privacy: $privacy,
  notify: (message, kind) => toast(message, { kind }),
});
