/**
 * The profile forms' actions: saving the onboarding draft as the member types, and sending
 * the whole profile form (completing onboarding, or the settings). Their state is the
 * form's own (src/islands/profiles/use-profile-form.ts); these are the calls behind it.
 */
import type { ProfileDetails } from '@api/profiles/schemas';
import { api as sessionApi, data, sendForm, type ApiClient } from '../api/client';
import { draftFits, type OnboardingDraft } from '../profiles/draft';
import type { ProfileForm } from '../profiles/form-model';
import { profileFormData, type MultipartOptions } from '../profiles/multipart';

/** The profile actions over a client (tests inject a fake). */
export function createProfileActions(api: ApiClient) {
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

  return { saveDraft, submitProfile };
}

export type ProfileActions = ReturnType<typeof createProfileActions>;

/** The app's profile actions, over the session proxy. */
export const profileActions: ProfileActions = createProfileActions(sessionApi);
