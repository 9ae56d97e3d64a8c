/**
 * The fields of each onboarding step, for founders and advisors (the photos step is
 * ./PhotosSection.tsx). Onboarding shows one step at a time; the settings screen shows them
 * all as sections of one page.
 */
import { COMMITMENTS, EXPERTISE, HELP_TYPES, IDEA_STAGES, INDUSTRIES, PROFILE_LIMITS as L, SKILLS } from '@api/shared/profile-vocabulary';
import type { ReactNode } from 'react';
import type { AdvisorForm, FounderForm, ProfileForm } from '../../lib/profiles/form-model';
import type { StepKey } from '../../lib/profiles/steps';
import type { FieldErrors } from '../../lib/profiles/validation';
import { CityPicker } from './CityPicker';
import { CofounderPreferences } from './CofounderPreferences';
import { EngagementFields, RoleFields, StartupFields } from './depth-fields';
import { ChipChecks, RadioChoices, Switch, TextField, fieldId } from './fields';
import { LinksEditor } from './LinksEditor';
import { PhotosSection, type SavedImages } from './PhotosSection';
import { TagInput } from './TagInput';
import type { ImagesState } from './use-images';

interface SectionProps<F> {
  form: F;
  update(patch: Partial<F>): void;
  errors: FieldErrors;
}

function Place<F extends ProfileForm>({ form, update, errors }: SectionProps<F>) {
  return (
    <>
      <CityPicker name="cityId" label="City" optional inputId={fieldId('city')} initial={form.city} error={errors.city} onChange={(city) => update({ city } as Partial<F>)} />
      <Switch
        field="openToRemote"
        label="Open to working remotely"
        checked={form.openToRemote}
        onChange={(openToRemote) => update({ openToRemote } as Partial<F>)}
        hint="Members elsewhere can then match with you."
      />
    </>
  );
}

const FOUNDER: Partial<Record<StepKey, (props: SectionProps<FounderForm>) => ReactNode>> = {
  about: ({ form, update, errors }) => (
    <>
      <div className="grid-2">
        <TextField
          field="firstName"
          label="First name"
          required
          autoComplete="given-name"
          maxLength={L.nameMax}
          value={form.firstName}
          onChange={(firstName) => update({ firstName })}
          error={errors.firstName}
        />
        <TextField
          field="lastName"
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={L.nameMax}
          value={form.lastName}
          onChange={(lastName) => update({ lastName })}
          error={errors.lastName}
        />
      </div>
      <TextField
        field="tagline"
        label="Tagline"
        maxLength={L.taglineMax}
        value={form.tagline}
        onChange={(tagline) => update({ tagline })}
        error={errors.tagline}
        hint="One line under your name, e.g. “Ex-Stripe engineer building payments for African SMEs”."
      />
      <Place form={form} update={update} errors={errors} />
      <LinksEditor value={form.links} onChange={(links) => update({ links })} errors={errors} />
    </>
  ),
  skills: ({ form, update, errors }) => (
    <>
      <RadioChoices
        field="technical"
        legend="Are you technical?"
        required
        value={form.technical}
        error={errors.technical}
        hint="Technical means you can build the product yourself."
        options={[
          ['yes', 'Yes, I build'],
          ['no', 'No, I do other things'],
        ]}
        onChange={(technical) => update({ technical })}
      />
      <ChipChecks
        field="skills"
        legend="Your skills"
        required
        options={SKILLS}
        max={L.skillsMax}
        value={form.skills}
        onChange={(skills) => update({ skills })}
        error={errors.skills}
      />
      <RadioChoices
        field="commitment"
        legend="Weekly commitment"
        required
        value={form.commitment}
        error={errors.commitment}
        options={Object.entries(COMMITMENTS) as [keyof typeof COMMITMENTS, string][]}
        onChange={(commitment) => update({ commitment })}
      />
    </>
  ),
  startup: ({ form, update, errors }) => (
    <>
      <RadioChoices
        field="ideaStage"
        legend="Your idea"
        required
        value={form.ideaStage}
        error={errors.ideaStage}
        options={Object.entries(IDEA_STAGES) as [keyof typeof IDEA_STAGES, string][]}
        onChange={(ideaStage) => update({ ideaStage })}
      />
      <StartupFields form={form} update={update} errors={errors} />
      <ChipChecks
        field="industries"
        legend="Industries"
        options={INDUSTRIES}
        max={L.industriesMax}
        value={form.industries}
        onChange={(industries) => update({ industries })}
        error={errors.industries}
      />
      <TagInput
        field="interests"
        label="Interests"
        max={L.interestsMax}
        maxLength={L.interestMax}
        value={form.interests}
        onChange={(interests) => update({ interests })}
        error={errors.interests}
      />
      <TextField
        field="bio"
        label="Bio"
        rows={6}
        maxLength={L.bioMax}
        value={form.bio}
        onChange={(bio) => update({ bio })}
        error={errors.bio}
        hint="What you have built, what you want to build next, and why."
      />
    </>
  ),
  cofounder: ({ form, update, errors }) => (
    <>
      <Switch
        field="lookingForCofounder"
        label="I am looking for a co-founder"
        checked={form.lookingForCofounder}
        onChange={(lookingForCofounder) => update({ lookingForCofounder })}
        hint="Turn it on to appear in co-founder matching and tell us who fits."
      />
      {form.lookingForCofounder ? (
        <CofounderPreferences value={form.cofounderPreferences} onChange={(cofounderPreferences) => update({ cofounderPreferences })} errors={errors} />
      ) : (
        <p className="muted small">Turn it on whenever you start looking; you can change it later in your profile settings.</p>
      )}
      <RoleFields form={form} update={update} errors={errors} />
    </>
  ),
};

const ADVISOR: Partial<Record<StepKey, (props: SectionProps<AdvisorForm>) => ReactNode>> = {
  about: ({ form, update, errors }) => (
    <>
      <TextField field="name" label="Full name" required autoComplete="name" maxLength={L.nameMax} value={form.name} onChange={(name) => update({ name })} error={errors.name} />
      <TextField
        field="position"
        label="Position"
        maxLength={L.positionMax}
        value={form.position}
        onChange={(position) => update({ position })}
        error={errors.position}
        hint="Shown under your name, e.g. “Partner at Example Ventures”."
      />
      <Place form={form} update={update} errors={errors} />
      <LinksEditor value={form.links} onChange={(links) => update({ links })} errors={errors} />
    </>
  ),
  expertise: ({ form, update, errors }) => (
    <>
      <ChipChecks
        field="expertise"
        legend="Areas of expertise"
        required
        options={EXPERTISE}
        max={L.expertiseMax}
        value={form.expertise}
        onChange={(expertise) => update({ expertise })}
        error={errors.expertise}
      />
      <ChipChecks
        field="industries"
        legend="Industries"
        options={INDUSTRIES}
        max={L.industriesMax}
        value={form.industries}
        onChange={(industries) => update({ industries })}
        error={errors.industries}
      />
      <TextField
        field="yearsExperience"
        label="Years of experience"
        inputMode="numeric"
        value={form.yearsExperience}
        onChange={(yearsExperience) => update({ yearsExperience })}
        error={errors.yearsExperience}
      />
      <TextField
        field="experience"
        label="Experience"
        rows={4}
        maxLength={L.experienceMax}
        value={form.experience}
        onChange={(experience) => update({ experience })}
        error={errors.experience}
        hint="Companies you built or backed, roles, outcomes."
      />
    </>
  ),
  help: ({ form, update, errors }) => (
    <>
      <ChipChecks
        field="helpTypes"
        legend="How you help founders"
        required
        options={HELP_TYPES}
        value={form.helpTypes}
        onChange={(helpTypes) => update({ helpTypes })}
        error={errors.helpTypes}
      />
      <EngagementFields form={form} update={update} errors={errors} />
      <TextField
        field="bio"
        label="Bio"
        rows={6}
        maxLength={L.bioMax}
        value={form.bio}
        onChange={(bio) => update({ bio })}
        error={errors.bio}
        hint="Who you are and the founders you like to work with."
      />
    </>
  ),
};

interface StepFieldsProps extends SectionProps<ProfileForm> {
  step: StepKey;
  images: ImagesState;
  saved?: SavedImages;
}

/** The fields of one step (or settings section) of the member's form. */
export function StepFields({ step, form, update, errors, images, saved }: StepFieldsProps) {
  if (step === 'photos') return <PhotosSection form={form} update={update} errors={errors} images={images} saved={saved} />;
  if (form.memberType === 'founder') {
    const Fields = FOUNDER[step];
    return Fields ? <Fields form={form} update={update as (patch: Partial<FounderForm>) => void} errors={errors} /> : null;
  }
  const Fields = ADVISOR[step];
  return Fields ? <Fields form={form} update={update as (patch: Partial<AdvisorForm>) => void} errors={errors} /> : null;
}
