/**
 * The member's private phone number on /settings/privacy: typed with its country code,
 * saved with `privacyActions.savePhone` (the API checks it and stores E.164), removed by
 * saving it blank or with Remove. A refusal is shown under the field, which takes focus.
 */
import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { $privacy, privacyActions } from '../../lib/stores/privacy';
import { focusField, TextField } from './fields';

/** Room for spaces, dashes and brackets around 15 digits; the API reads no more. */
const PHONE_MAX_LENGTH = 32;

export function PhoneSetting() {
  const stored = useStore($privacy).phone;
  const [value, setValue] = useState(stored ?? '');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async (typed: string) => {
    if (saving) return;
    setSaving(true);
    setStatus('Saving…');
    const outcome = await privacyActions.savePhone(typed);
    setSaving(false);
    if (outcome.saved) {
      setValue(outcome.phone ?? '');
      setError(undefined);
      setStatus(outcome.phone ? `Your phone number ${outcome.phone} is saved.` : 'Your phone number is removed.');
      return;
    }
    setError(outcome.error);
    setStatus('');
    focusField('phone');
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(value);
  };

  return (
    <form className="card stack pf-phone" onSubmit={submit} noValidate aria-labelledby="pf-phone-title">
      <h2 id="pf-phone-title" className="pf-phone-title">
        Phone number
      </h2>
      <TextField
        field="phone"
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={value}
        maxLength={PHONE_MAX_LENGTH}
        placeholder="+44 20 7946 0958"
        error={error}
        hint="Private: only you and our support chat see it, so support can recognise you. Start with + and your country code."
        onChange={(next) => {
          setValue(next);
          if (error) setError(undefined);
        }}
      />
      <div className="cluster">
        <button type="submit" className="btn btn-primary" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
          Save phone number
        </button>
        {stored && (
          <button
            type="button"
            className="btn btn-ghost"
            aria-disabled={saving || undefined}
            onClick={() => {
              setValue('');
              void save('');
            }}
          >
            Remove phone number
          </button>
        )}
      </div>
      <p className="muted small" role="status">
        {status}
      </p>
    </form>
  );
}
