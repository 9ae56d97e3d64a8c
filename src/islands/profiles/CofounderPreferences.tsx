/**
 * What a founder looks for in a co-founder: for each criterion how much it matters (Must
 * have / Nice to have / Don't care) and, when it matters, the value looked for.
 */
import { IDEA_STAGES, IMPORTANCE, PROFILE_LIMITS, SKILLS, type Importance } from '@api/shared/profile-vocabulary';
import type { ReactNode } from 'react';
import type { CofounderPreferencesForm, PreferenceKey } from '../../lib/profiles/form-model';
import { ChipChecks, RadioChoices } from './fields';

const IMPORTANCE_OPTIONS = Object.entries(IMPORTANCE) as [Importance, string][];

const CRITERIA: Record<PreferenceKey, { title: string; explain: string }> = {
  technical: { title: 'Technical background', explain: 'Whether they build the product themselves.' },
  skills: { title: 'Skills', explain: 'They have at least one of the skills you choose.' },
  commitment: { title: 'Time commitment', explain: 'How much time they give each week.' },
  location: { title: 'Location', explain: 'Where they work from.' },
  industries: { title: 'Industries', explain: 'They share at least one of your industries.' },
  ideaStage: { title: 'Idea stage', explain: 'Where they are with an idea of their own.' },
};

interface Props {
  value: CofounderPreferencesForm;
  onChange(value: CofounderPreferencesForm): void;
  errors: Readonly<Record<string, string>>;
}

export function CofounderPreferences({ value, onChange, errors }: Props) {
  const set = <K extends PreferenceKey>(key: K, patch: Partial<CofounderPreferencesForm[K]>) => onChange({ ...value, [key]: { ...value[key], ...patch } });

  const valueControl = (key: PreferenceKey): ReactNode => {
    const field = `cofounderPreferences.${key}`;
    const error = errors[field];
    switch (key) {
      case 'technical':
        return (
          <RadioChoices
            field={field}
            legend="Looking for"
            compact
            required
            error={error}
            value={value.technical.value}
            options={[
              ['technical', 'Technical'],
              ['non-technical', 'Not technical'],
            ]}
            onChange={(v) => set('technical', { value: v })}
          />
        );
      case 'skills':
        return (
          <ChipChecks
            field={field}
            legend="Looking for"
            required
            error={error}
            options={SKILLS}
            max={PROFILE_LIMITS.skillsMax}
            value={value.skills.value}
            onChange={(v) => set('skills', { value: v })}
          />
        );
      case 'commitment':
        return (
          <RadioChoices
            field={field}
            legend="Looking for"
            compact
            required
            error={error}
            value={value.commitment.value}
            options={[
              ['full-time', 'Full time'],
              ['part-time', 'Part time'],
            ]}
            onChange={(v) => set('commitment', { value: v })}
          />
        );
      case 'location':
        return (
          <RadioChoices
            field={field}
            legend="Looking for"
            compact
            required
            error={error}
            value={value.location.value}
            options={[
              ['same-city', 'Lives in my city'],
              ['remote-ok', 'My city, or both open to remote'],
            ]}
            onChange={(v) => set('location', { value: v })}
          />
        );
      case 'ideaStage':
        return (
          <ChipChecks
            field={field}
            legend="Looking for"
            required
            error={error}
            options={IDEA_STAGES}
            value={value.ideaStage.value}
            onChange={(v) => set('ideaStage', { value: v })}
          />
        );
      case 'industries':
        return null;
    }
  };

  return (
    <div className="pf-prefs">
      {(Object.keys(CRITERIA) as PreferenceKey[]).map((key) => {
        const criterion = CRITERIA[key];
        const importance = value[key].importance;
        return (
          <fieldset key={key} className="pf-pref" data-importance={importance}>
            <legend className="pf-pref-title">{criterion.title}</legend>
            <p className="hint">{criterion.explain}</p>
            <RadioChoices
              field={`cofounderPreferences.${key}.importance`}
              legend="How much it matters"
              segmented
              required
              value={importance}
              options={IMPORTANCE_OPTIONS}
              onChange={(next) => set(key, { importance: next } as Partial<CofounderPreferencesForm[typeof key]>)}
            />
            {importance !== 'dont-care' && valueControl(key)}
          </fieldset>
        );
      })}
    </div>
  );
}
