/**
 * The weekly hours: each weekday with its stretches (start and end on the host's clock),
 * several a day, added and removed with buttons; focus moves to the new stretch's start, or
 * after a removal to the day's add button. Errors show under their stretch.
 */
import { WEEKDAYS, stretchKey, type FieldErrors, type Stretch } from '../../lib/office-hours/hours-form';

interface Props {
  week: Stretch[][];
  errors: FieldErrors;
  onChange: (week: Stretch[][]) => void;
}

const startId = (day: number, index: number) => `oh-${stretchKey(day, index).replaceAll('.', '-')}-start`;
const addId = (day: number) => `oh-add-${day}`;

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export function WeeklyHours({ week, errors, onChange }: Props) {
  const setDay = (day: number, stretches: Stretch[]) => onChange(week.map((current, index) => (index === day ? stretches : current)));
  return (
    <ul className="oh-week">
      {WEEKDAYS.map((name, day) => {
        const stretches = week[day] ?? [];
        return (
          <li key={name} className="oh-day">
            <span className="oh-day-name" id={`oh-day-${day}`}>
              {name}
            </span>
            <div className="oh-ranges">
              {stretches.length === 0 && <span className="muted small">Unavailable</span>}
              {stretches.map((stretch, index) => {
                const key = stretchKey(day, index);
                const error = errors[key];
                const errorId = `oh-${key.replaceAll('.', '-')}-error`;
                const update = (change: Partial<Stretch>) =>
                  setDay(
                    day,
                    stretches.map((item, at) => (at === index ? { ...item, ...change } : item)),
                  );
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: stretches have no identity but their place in the day
                  <div key={index} className="oh-range" role="group" aria-label={`${name}, stretch ${index + 1}`}>
                    <input
                      id={startId(day, index)}
                      type="time"
                      aria-label={`${name} from`}
                      value={stretch.start}
                      step={900}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(event) => update({ start: event.target.value })}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      aria-label={`${name} until`}
                      value={stretch.end}
                      step={900}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(event) => update({ end: event.target.value })}
                    />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Remove ${name} ${stretch.start}–${stretch.end}`}
                      onClick={() => {
                        setDay(
                          day,
                          stretches.filter((_, at) => at !== index),
                        );
                        focusSoon(addId(day));
                      }}
                    >
                      Remove
                    </button>
                    {error && (
                      <p id={errorId} className="field-error">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              <div>
                <button
                  id={addId(day)}
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={`Add hours on ${name}`}
                  onClick={() => {
                    const last = stretches[stretches.length - 1];
                    const next =
                      last && last.end < '22:00'
                        ? { start: last.end, end: `${String(Math.min(23, Number(last.end.slice(0, 2)) + 2)).padStart(2, '0')}:00` }
                        : { start: '09:00', end: '12:00' };
                    setDay(day, [...stretches, next]);
                    focusSoon(startId(day, stretches.length));
                  }}
                >
                  Add hours
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
