/**
 * The deeper, optional profile fields (docs/product.md#profiles) inside onboarding's steps and
 * the settings sections: a founder's startup, roles, timing, equity and hours; an advisor's
 * ways of engaging and stages. None is required, so onboarding's required path is unchanged.
 */
import { ENGAGEMENTS, EQUITY_EXPECTATIONS, FULL_TIME_TIMING, HELP_STAGES, PROFILE_LIMITS as L, RESPONSIBILITIES } from '@api/shared/profile-vocabulary';
import type { AdvisorForm, FounderForm } from '../../lib/profiles/form-model';
import type { FieldErrors } from '../../lib/profiles/validation';
import { ChipChecks, RadioChoices, TextField } from './fields';

interface Props<F> {
  form: F;
  update(patch: Partial<F>): void;
  errors: FieldErrors;
}

/** The startup's name, website and what is built (in "Your startup"). */
export function StartupFields({ form, update, errors }: Props<FounderForm>) {
  return (
    <>
      <div className="grid-2">
        <TextField
          field="startupName"
          label="Startup name"
          maxLength={L.startupNameMax}
          value={form.startupName}
          onChange={(startupName) => update({ startupName })}
          error={errors.startupName}
        />
        <TextField
          field="startupWebsite"
          label="Website"
          type="url"
          inputMode="url"
          maxLength={L.urlMax}
          placeholder="https://"
          value={form.startupWebsite}
          onChange={(startupWebsite) => update({ startupWebsite })}
          error={errors.startupWebsite}
        />
      </div>
      <TextField
        field="builtSoFar"
        label="What is built so far"
        rows={2}
        maxLength={L.builtSoFarMax}
        value={form.builtSoFar}
        onChange={(builtSoFar) => update({ builtSoFar })}
        error={errors.builtSoFar}
        hint="A sentence or two, e.g. “A prototype 40 clinics use every day”."
      />
    </>
  );
}

/** Responsibilities taken and wanted, full-time timing, equity and hours (in "Your co-founder"). */
export function RoleFields({ form, update, errors }: Props<FounderForm>) {
  return (
    <>
      <ChipChecks
        field="takesRoles"
        legend="Responsibilities you will take"
        options={RESPONSIBILITIES}
        value={form.takesRoles}
        onChange={(takesRoles) => update({ takesRoles })}
        error={errors.takesRoles}
      />
      <ChipChecks
        field="wantsRoles"
        legend="Responsibilities you want a co-founder to take"
        options={RESPONSIBILITIES}
        value={form.wantsRoles}
        onChange={(wantsRoles) => update({ wantsRoles })}
        error={errors.wantsRoles}
        hint="Matching favours founders who take what you want and want what you take."
      />
      <RadioChoices
        field="fullTime"
        legend="When can you go full time?"
        compact
        value={form.fullTime}
        error={errors.fullTime}
        options={Object.entries(FULL_TIME_TIMING) as [keyof typeof FULL_TIME_TIMING, string][]}
        onChange={(fullTime) => update({ fullTime })}
      />
      <RadioChoices
        field="equity"
        legend="Equity expectations"
        compact
        value={form.equity}
        error={errors.equity}
        options={Object.entries(EQUITY_EXPECTATIONS) as [keyof typeof EQUITY_EXPECTATIONS, string][]}
        onChange={(equity) => update({ equity })}
      />
      <TextField
        field="hoursPerWeek"
        label="Hours a week on it now"
        inputMode="numeric"
        value={form.hoursPerWeek}
        onChange={(hoursPerWeek) => update({ hoursPerWeek })}
        error={errors.hoursPerWeek}
        hint={`A whole number from 0 to ${L.hoursPerWeekMax}.`}
      />
    </>
  );
}

/** How an advisor engages and the stages they help most (in "How you help"). */
export function EngagementFields({ form, update, errors }: Props<AdvisorForm>) {
  return (
    <>
      <ChipChecks
        field="engagements"
        legend="How you engage"
        options={ENGAGEMENTS}
        value={form.engagements}
        onChange={(engagements) => update({ engagements })}
        error={errors.engagements}
      />
      <ChipChecks
        field="helpStages"
        legend="Stages you help most"
        options={HELP_STAGES}
        value={form.helpStages}
        onChange={(helpStages) => update({ helpStages })}
        error={errors.helpStages}
      />
    </>
  );
}
