/**
 * Availability settings (/settings/office-hours): publish on or off, time zone (a searchable
 * list of IANA names), weekly hours, session lengths, buffers, minimum notice, a weekly cap,
 * days off, topics, where sessions happen (own link or a generated video room) and approval.
 * Saved whole (PUT /office-hours); the first problem gets the focus and each shows at its
 * field. The calendar feed block below the form acts on its own (CalendarFeed.tsx).
 */
import { SESSION_LENGTHS, OFFICE_HOURS_LIMITS as L } from '@api/shared/office-hours-limits';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { knownTimeZones, toForm, type FieldErrors, type HoursForm } from '../../lib/office-hours/hours-form';
import { saveHours } from '../../lib/office-hours/save-hours';
import { dayLabel } from '../../lib/office-hours/time';
import type { OfficeHours } from '../../lib/office-hours/types';
import { toast } from '../../lib/toast';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { CalendarFeed } from './CalendarFeed';
import { ListEditor } from './ListEditor';
import { WeeklyHours } from './WeeklyHours';
import './office-hours.css';

const BUFFERS = [0, 5, 10, 15, 30, 60];

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card stack">
      <h2 className="card-title">{title}</h2>
      {children}
    </section>
  );
}

function OfficeHoursSettings({ initial, profileHref }: { initial: OfficeHours; profileHref: string | null }) {
  const [form, setForm] = useState<HoursForm>(() => toForm(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(knownTimeZones, []);
  const set = <K extends keyof HoursForm>(key: K, value: HoursForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `oh-${field}-error` } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const outcome = await saveHours(form, zones);
    setSaving(false);
    if (outcome.saved) {
      setForm(outcome.form);
      setErrors({});
      setMessage(null);
      toast(outcome.form.published ? 'Office hours saved and published' : 'Office hours saved', { kind: 'success' });
      return;
    }
    setErrors(outcome.errors);
    setMessage(outcome.message);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.oh-settings [aria-invalid="true"]')?.focus());
  };

  const suggested = initial.suggestedTimeZone;

  return (
    <div className="stack">
      <form className="oh-settings stack" onSubmit={submit} noValidate>
        <Section title="Publishing">
          <label className="oh-switch">
            <input type="checkbox" checked={form.published} onChange={(event) => set('published', event.target.checked)} /> Offer office hours on my profile
          </label>
          {form.published && profileHref && (
            <p className="muted small">
              Members book from{' '}
              <a className="link" href={profileHref}>
                your profile
              </a>
              .
            </p>
          )}
          <fieldset className="oh-choices">
            <legend className="label">New sessions</legend>
            <label>
              <input type="radio" name="oh-approval" checked={!form.needsApproval} onChange={() => set('needsApproval', false)} /> Confirm at once
            </label>
            <label>
              <input type="radio" name="oh-approval" checked={form.needsApproval} onChange={() => set('needsApproval', true)} /> I approve each request
            </label>
          </fieldset>
        </Section>

        <Section title="Weekly hours">
          <div className="field">
            <label htmlFor="oh-timeZone">Time zone</label>
            <input id="oh-timeZone" list="oh-zones" autoComplete="off" value={form.timeZone} onChange={(event) => set('timeZone', event.target.value)} {...invalid('timeZone')} />
            <datalist id="oh-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <p className="hint">Your hours are on this clock; members see them on their own.</p>
            {suggested && (
              <p className="small oh-suggested-zone">
                Suggested from your city: <strong>{suggested}</strong>{' '}
                {form.timeZone !== suggested && (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => set('timeZone', suggested)}>
                    Use {suggested}
                  </button>
                )}
              </p>
            )}
            <FieldError id="oh-timeZone" error={errors.timeZone} />
          </div>
          <WeeklyHours week={form.week} errors={errors} onChange={(week) => set('week', week)} />
          <FieldError id="oh-weeklyHours" error={errors.weeklyHours} />
        </Section>

        <Section title="Sessions">
          <fieldset className="oh-choices" id="oh-sessionLengths" aria-describedby={errors.sessionLengths ? 'oh-sessionLengths-error' : undefined}>
            <legend className="label">Lengths offered</legend>
            {SESSION_LENGTHS.map((length) => (
              <label key={length}>
                <input
                  type="checkbox"
                  checked={form.sessionLengths.includes(length)}
                  aria-invalid={errors.sessionLengths ? true : undefined}
                  onChange={(event) =>
                    set('sessionLengths', event.target.checked ? [...form.sessionLengths, length].sort((a, b) => a - b) : form.sessionLengths.filter((item) => item !== length))
                  }
                />{' '}
                {length} min
              </label>
            ))}
          </fieldset>
          <FieldError id="oh-sessionLengths" error={errors.sessionLengths} />
          <div className="oh-numbers">
            {(['bufferBefore', 'bufferAfter'] as const).map((key) => (
              <div className="field" key={key}>
                <label htmlFor={`oh-${key}`}>{key === 'bufferBefore' ? 'Free time before' : 'Free time after'}</label>
                <select id={`oh-${key}`} value={form[key]} onChange={(event) => set(key, Number(event.target.value))} {...invalid(key)}>
                  {BUFFERS.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {minutes === 0 ? 'None' : `${minutes} min`}
                    </option>
                  ))}
                </select>
                <FieldError id={`oh-${key}`} error={errors[key]} />
              </div>
            ))}
            <div className="field">
              <label htmlFor="oh-minimumNotice">Minimum notice (hours)</label>
              <input
                id="oh-minimumNotice"
                type="number"
                inputMode="decimal"
                min={0}
                max={L.minimumNotice / 60}
                value={form.minimumNoticeHours}
                onChange={(event) => set('minimumNoticeHours', event.target.value)}
                {...invalid('minimumNotice')}
              />
              <FieldError id="oh-minimumNotice" error={errors.minimumNotice} />
            </div>
            <div className="field">
              <label htmlFor="oh-weeklyCap">Sessions a week at most</label>
              <input
                id="oh-weeklyCap"
                type="number"
                inputMode="numeric"
                min={1}
                max={L.weeklyCap}
                placeholder="No limit"
                value={form.weeklyCap}
                onChange={(event) => set('weeklyCap', event.target.value)}
                {...invalid('weeklyCap')}
              />
              <FieldError id="oh-weeklyCap" error={errors.weeklyCap} />
            </div>
          </div>
          <ListEditor
            id="oh-daysOff"
            label="Days off"
            type="date"
            items={form.daysOff}
            max={L.daysOff}
            error={errors.daysOff}
            show={(day) => dayLabel(`${day}T12:00:00Z`, 'UTC')}
            onChange={(days) => set('daysOff', [...days].sort())}
          />
        </Section>

        <Section title="Topics and meeting">
          <ListEditor
            id="oh-topics"
            label="Topics you take"
            hint="Members pick one when they book, such as Fundraising or Hiring."
            items={form.topics}
            maxLength={L.topic}
            max={L.topics}
            error={errors.topics}
            onChange={(topics) => set('topics', topics)}
          />
          <fieldset className="oh-choices">
            <legend className="label">Where sessions happen</legend>
            <label>
              <input type="radio" name="oh-where" checked={!form.videoRoom} onChange={() => set('videoRoom', false)} /> My own link
            </label>
            <label>
              <input type="radio" name="oh-where" checked={form.videoRoom} onChange={() => set('videoRoom', true)} /> A video room FounderMesh makes
            </label>
          </fieldset>
          {form.videoRoom ? (
            <p className="hint oh-video-room">
              {form.videoRoomLink ? (
                <>
                  Your room:{' '}
                  <a className="link" href={form.videoRoomLink} target="_blank" rel="noopener noreferrer">
                    {form.videoRoomLink}
                  </a>
                  . Both of you see it once a session is confirmed.
                </>
              ) : (
                'A private room is made when you save; both of you see it once a session is confirmed.'
              )}
            </p>
          ) : (
            <div className="field">
              <label htmlFor="oh-meetingLink">Meeting link</label>
              <input
                id="oh-meetingLink"
                type="url"
                inputMode="url"
                placeholder="https://meet.example/you"
                maxLength={L.meetingLink}
                value={form.meetingLink}
                onChange={(event) => set('meetingLink', event.target.value)}
                {...invalid('meetingLink')}
              />
              <p className="hint">Your video call room, shown to both of you once a session is confirmed.</p>
              <FieldError id="oh-meetingLink" error={errors.meetingLink} />
            </div>
          )}
        </Section>

        {message && (
          <p className="alert alert-error" role="alert">
            {message}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save office hours'}
          </button>
        </div>
      </form>
      <CalendarFeed timeZone={form.timeZone} />
    </div>
  );
}

export default withErrorBoundary(OfficeHoursSettings);
