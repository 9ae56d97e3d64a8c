/**
 * Profile settings (/settings/profile): every field of onboarding on one page, in the same
 * groups, filled from the saved profile. Saving sends the whole profile as multipart to
 * PUT /<type>/profile (same checks as onboarding); the saved answer becomes the new start.
 */
import type { ProfileDetails } from '@api/profiles/schemas';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { toAppError } from '../../lib/errors';
import { formFromProfile, type ProfileForm } from '../../lib/profiles/form-model';
import { mediaUrl } from '../../lib/text/media-url';
import { saveFeedback } from '../../lib/profiles/server-errors';
import { stepIndexOf, stepsFor } from '../../lib/profiles/steps';
import { validateProfile, type FieldErrors } from '../../lib/profiles/validation';
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
  profile: ProfileDetails;
  /** MEDIA_BASE_URL, for the saved pictures. */
  mediaBaseUrl?: string;
}

/** Errors in the order the page shows their fields, so focus goes to the topmost. */
function inPageOrder(errors: FieldErrors, steps: ReturnType<typeof stepsFor>): string[] {
  return Object.keys(errors).sort((a, b) => stepIndexOf(steps, a) - stepIndexOf(steps, b));
}

function ProfileSettings({ profile: initialProfile, mediaBaseUrl }: Props) {
  const [saved, setSaved] = useState(initialProfile);
  const baseline = useMemo(() => formFromProfile(saved), [saved]);
  const { form, setForm, update, errors, setErrors, focusAfterRender } = useProfileForm<ProfileForm>(baseline);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const images = useImages();
  const steps = stepsFor(saved.memberType);

  const savedUrls = {
    profilePicture: mediaUrl(saved.profilePicture?.url, mediaBaseUrl) || null,
    profileBanner: mediaUrl(saved.profileBanner?.url, mediaBaseUrl) || null,
  };
  const changed = JSON.stringify(form) !== JSON.stringify(baseline) || Object.values(images.picked).some(Boolean) || Object.values(images.removed).some(Boolean);

  // Leaving with unsaved changes asks first, in the browser's own dialog. The client router's
  // navigations unload nothing, so while there are changes they become full page loads
  // (a cancelled astro:before-preparation falls back to one), which do ask.
  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const fullLoad = (event: Event) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    document.addEventListener('astro:before-preparation', fullLoad);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('astro:before-preparation', fullLoad);
    };
  }, [changed]);

  const showErrors = (found: FieldErrors, message: string) => {
    setErrors(found);
    setAlert(message);
    const first = inPageOrder(found, steps)[0];
    focusAfterRender(() => (first && focusField(first)) || document.getElementById('pf-settings-alert')?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems = validateProfile(form, images.choices({ profilePicture: Boolean(savedUrls.profilePicture), profileBanner: Boolean(savedUrls.profileBanner) }));
    if (Object.keys(problems).length > 0) return showErrors(problems, 'Please correct the fields marked below.');
    setSending(true);
    setAlert(null);
    try {
      const profile = await profileActions.submitProfile(form, 'edit', { files: images.files(), remove: images.removed });
      images.reset();
      announceHeaderAvatar(mediaUrl(profile.profilePicture?.url, mediaBaseUrl) || null);
      setSaved(profile);
      setForm(formFromProfile(profile));
      setErrors({});
      toast('Your profile is saved.', { kind: 'success' });
    } catch (cause) {
      const feedback = saveFeedback(toAppError(cause), (field) => stepIndexOf(steps, field) !== -1);
      showErrors(feedback.fields, feedback.alert);
    } finally {
      setSending(false);
    }
  };

  const profileHref = `/${saved.memberType}/${encodeURIComponent(saved.slug)}`;

  return (
    <form className="stack stack-lg" noValidate onSubmit={onSubmit} aria-label="Your profile">
      {alert && (
        <div id="pf-settings-alert" className="alert alert-error" role="alert" tabIndex={-1}>
          {alert}
        </div>
      )}
      {steps.map((step) => (
        <section key={step.key} className="card stack pf-settings-section" aria-labelledby={`pf-section-${step.key}`}>
          <header className="stack stack-sm">
            <h2 id={`pf-section-${step.key}`} className="card-title">
              {step.title}
            </h2>
            <p className="muted">{step.intro}</p>
          </header>
          <StepFields step={step.key} form={form} update={update} errors={errors} images={images} saved={savedUrls} />
        </section>
      ))}
      <div className="pf-savebar">
        <p className="muted small">{sending ? 'Saving…' : changed ? 'You have unsaved changes.' : 'All changes saved.'}</p>
        <a className="btn btn-ghost" href={profileHref}>
          View my profile
        </a>
        <button type="submit" className="btn btn-primary" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
          {sending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}

export default withErrorBoundary(ProfileSettings);
