/**
 * Onboarding (/onboarding): the member's profile, one step at a time, for their type.
 * Each step is checked before the next; what is typed is saved as a draft (debounced PUT
 * /onboarding) so leaving and coming back keeps it, step included. The last step sends
 * the whole profile as multipart to POST /<type>/onboarding and opens the new profile.
 */
import type { OnboardingState } from '@api/profiles/schemas';
import { navigate } from 'astro:transitions/client';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toAppError } from '../../lib/errors';
import { mediaUrl } from '../../lib/text/media-url';
import { createAutosaver, type SaveStatus } from '../../lib/profiles/autosave';
import { applyDraft, draftOf, restoredStep, type OnboardingDraft } from '../../lib/profiles/draft';
import { formFromProfile } from '../../lib/profiles/form-model';
import { saveFeedback } from '../../lib/profiles/server-errors';
import { firstStepWithError, stepIndexOf, stepsFor } from '../../lib/profiles/steps';
import { validateProfile, validateStep, type FieldErrors } from '../../lib/profiles/validation';
import { profileActions } from '../../lib/stores/profile';
import { toast } from '../../lib/toast';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { focusField } from './fields';
import { StepFields } from './sections';
import { useImages } from './use-images';
import { announceHeaderAvatar } from '../../lib/members/header-avatar';
import { useProfileForm } from './use-profile-form';
import './profiles.css';

interface Props {
  state: Pick<OnboardingState, 'memberType' | 'step' | 'draft' | 'profile'>;
  /** MEDIA_BASE_URL, for a picture the profile has already (a sign-up through a provider brings one). */
  mediaBaseUrl?: string;
}

const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Draft saved',
  error: 'Not saved yet: we will try again',
};

function OnboardingFlow({ state, mediaBaseUrl }: Props) {
  const saved = {
    profilePicture: mediaUrl(state.profile.profilePicture?.url, mediaBaseUrl) || null,
    profileBanner: mediaUrl(state.profile.profileBanner?.url, mediaBaseUrl) || null,
  };
  const savedImages = { profilePicture: saved.profilePicture !== null, profileBanner: saved.profileBanner !== null };
  const steps = stepsFor(state.memberType);
  const initial = useMemo(() => applyDraft(formFromProfile(state.profile), state.draft), [state]);
  const { form, update, errors, setErrors, focusAfterRender } = useProfileForm(initial);
  const [step, setStep] = useState(() => restoredStep(state.step, steps.length));
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle');
  const images = useImages();
  const heading = useRef<HTMLHeadingElement>(null);
  const saver = useMemo(() => createAutosaver<OnboardingDraft>({ save: profileActions.saveDraft, onStatus: setSaveStatus }), []);

  // Every change (and every step moved) is saved once the member pauses.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    saver.schedule(draftOf(form, step));
  }, [form, step, saver]);

  // Leaving (another tab, closing, a link): save what waits now.
  useEffect(() => {
    const save = () => void saver.flush();
    const onVisibility = () => document.visibilityState === 'hidden' && save();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [saver]);

  const current = steps[step]!;
  const last = step === steps.length - 1;

  const goTo = (index: number) => {
    setErrors({});
    setAlert(null);
    setStep(index);
    focusAfterRender(() => heading.current?.focus());
  };

  const showErrors = (found: FieldErrors, message: string | null) => {
    const index = firstStepWithError(steps, Object.keys(found));
    if (index !== -1 && index !== step) setStep(index);
    setErrors(found);
    setAlert(message);
    const target = Object.keys(found).find((field) => stepIndexOf(steps, field) === (index === -1 ? step : index));
    focusAfterRender(() => (target && focusField(target)) || heading.current?.focus());
  };

  const finish = async () => {
    const problems = validateProfile(form, images.choices(savedImages));
    if (Object.keys(problems).length > 0) return showErrors(problems, 'Please correct the fields marked below.');
    setSending(true);
    setAlert(null);
    try {
      const profile = await profileActions.submitProfile(form, 'onboarding', { files: images.files() });
      saver.stop();
      announceHeaderAvatar(mediaUrl(profile.profilePicture?.url, mediaBaseUrl) || null);
      toast('Welcome to FounderMesh', { kind: 'success' });
      await navigate(`/${profile.memberType}/${encodeURIComponent(profile.slug)}`);
    } catch (cause) {
      const feedback = saveFeedback(toAppError(cause), (field) => stepIndexOf(steps, field) !== -1);
      setSending(false);
      showErrors(feedback.fields, feedback.alert);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (last) return void finish();
    const problems = validateStep(form, current.key, images.choices(savedImages));
    if (Object.keys(problems).length > 0) return showErrors(problems, null);
    goTo(step + 1);
  };

  return (
    <form className="pf-flow card stack" noValidate onSubmit={onSubmit} aria-labelledby="pf-step-heading">
      <div className="pf-flow-top">
        <p className="pf-step-count" aria-hidden="true">
          Step {step + 1} of {steps.length}
        </p>
        <p className="pf-save-status muted small" data-status={saveStatus}>
          {SAVE_STATUS_TEXT[saveStatus]}
        </p>
      </div>
      <ol className="pf-progress" aria-label="Onboarding steps">
        {steps.map((item, index) => (
          <li key={item.key} data-state={index < step ? 'done' : index === step ? 'current' : 'todo'} aria-current={index === step ? 'step' : undefined}>
            <span className="pf-progress-bar" aria-hidden="true" />
            <span className="pf-progress-label">
              {item.title}
              {index < step && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        ))}
      </ol>

      <header className="stack stack-sm">
        <h2 id="pf-step-heading" ref={heading} tabIndex={-1} className="card-title pf-step-heading">
          <span className="visually-hidden">
            Step {step + 1} of {steps.length}:{' '}
          </span>
          {current.title}
        </h2>
        <p className="muted">{current.intro}</p>
      </header>

      {alert && (
        <div className="alert alert-error" role="alert">
          {alert}
        </div>
      )}

      <div className="stack pf-fields" key={current.key}>
        <StepFields step={current.key} form={form} update={update} errors={errors} images={images} saved={saved} />
      </div>

      <div className="pf-actions">
        {step > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => goTo(step - 1)} disabled={sending}>
            Back
          </button>
        )}
        {/* aria-disabled, not disabled: the button keeps the focus while the profile is sent. */}
        <button type="submit" className="btn btn-primary" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
          {last ? (sending ? 'Creating your profile…' : 'Finish and see my profile') : 'Next'}
        </button>
      </div>
    </form>
  );
}

export default withErrorBoundary(OnboardingFlow);
