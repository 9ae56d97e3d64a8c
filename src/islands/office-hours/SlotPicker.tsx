/**
 * Open times to pick from, shared by booking and moving a session: the loading and error
 * states of reading them, then a row of days and that day's times on the viewer's clock,
 * each a pressed-or-not button.
 */
import { clockLabel, type groupByDay } from '../../lib/office-hours/time';

type Day = ReturnType<typeof groupByDay>[number];

/** "Loading open times…", or the reason they could not be read with Try again; nothing once read. */
export function SlotsLoading({ load, onRetry }: { load: { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' }; onRetry: () => void }) {
  if (load.status === 'loading')
    return (
      <p className="muted" role="status">
        Loading open times…
      </p>
    );
  if (load.status === 'error')
    return (
      <div className="alert alert-error" role="alert">
        <p>{load.message}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  return null;
}

interface Props {
  legend: string;
  days: Day[];
  shownDay: Day;
  start: string | null;
  timeZone: string;
  onDay: (day: string) => void;
  onPick: (start: string) => void;
  /** Said under the times (a time not picked), described by the group. */
  error?: { id: string; text: string } | null;
}

export function SlotPicker({ legend, days, shownDay, start, timeZone, onDay, onPick, error }: Props) {
  return (
    <fieldset className="stack" aria-describedby={error ? error.id : undefined}>
      <legend className="label">{legend}</legend>
      <div className="oh-days">
        {days.map((group) => (
          <button key={group.day} type="button" className="btn btn-secondary btn-sm oh-day-button" aria-pressed={group.day === shownDay.day} onClick={() => onDay(group.day)}>
            {group.label}
          </button>
        ))}
      </div>
      <div className="oh-slots" aria-label={`Open times on ${shownDay.label}`} role="group">
        {shownDay.items.map((slot) => (
          <button key={slot.start} type="button" className="btn btn-secondary btn-sm oh-slot" aria-pressed={slot.start === start} onClick={() => onPick(slot.start)}>
            {clockLabel(slot.start, timeZone)}
          </button>
        ))}
      </div>
      {error && (
        <p id={error.id} className="field-error">
          {error.text}
        </p>
      )}
    </fieldset>
  );
}
