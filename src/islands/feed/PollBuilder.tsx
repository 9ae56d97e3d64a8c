/** The composer's poll: an optional question, 2–6 options and an optional closing time (≤ 30 days). */
import { POLL_MAX_DAYS, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '@api/shared/feed-limits';
import type { PollDraft } from '../../lib/feed/post-form';
import { CharacterCount } from '../ui/CharacterCount';

/** Why the poll can't be posted as it is (its question or first option over its limit), or null. */
interface Props {
  idPrefix: string;
  poll: PollDraft;
  onChange: (poll: PollDraft) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** A date-time input's value (local time) `days` from now. */
function localInput(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
  return date.toISOString().slice(0, 16);
}

export function PollBuilder({ idPrefix, poll, onChange, onRemove, disabled }: Props) {
  const setOption = (index: number, label: string) => onChange({ ...poll, options: poll.options.map((option, at) => (at === index ? label : option)) });
  return (
    <fieldset className="fd-poll-builder" disabled={disabled}>
      <legend className="fd-label">Poll</legend>
      <label className="field">
        <span>Question (optional)</span>
        <input
          type="text"
          value={poll.question}
          aria-invalid={poll.question.length > POLL_QUESTION_MAX || undefined}
          aria-describedby={`${idPrefix}-question-count`}
          onChange={(event) => onChange({ ...poll, question: event.target.value })}
        />
        <CharacterCount id={`${idPrefix}-question-count`} length={poll.question.length} max={POLL_QUESTION_MAX} />
      </label>
      {poll.options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings, only appended or removed, never reordered; each row is controlled and named by its position
        <div className="fd-poll-option-row" key={index}>
          <label className="field">
            <span>Option {index + 1}</span>
            <input
              id={`${idPrefix}-option-${index}`}
              type="text"
              value={option}
              required
              aria-invalid={option.length > POLL_OPTION_MAX || undefined}
              aria-describedby={`${idPrefix}-option-${index}-count`}
              onChange={(event) => setOption(index, event.target.value)}
            />
            <CharacterCount id={`${idPrefix}-option-${index}-count`} length={option.length} max={POLL_OPTION_MAX} />
          </label>
          {poll.options.length > POLL_OPTIONS_MIN && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => onChange({ ...poll, options: poll.options.filter((_, at) => at !== index) })}
            >
              Remove
            </button>
          )}
        </div>
      ))}
      <div className="cluster">
        {poll.options.length < POLL_OPTIONS_MAX && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange({ ...poll, options: [...poll.options, ''] })}>
            Add option
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          Remove poll
        </button>
      </div>
      <label className="field">
        <span>Closes (optional, within {POLL_MAX_DAYS} days)</span>
        <input
          type="datetime-local"
          value={poll.closesAt}
          min={localInput(0)}
          max={localInput(POLL_MAX_DAYS)}
          onChange={(event) => onChange({ ...poll, closesAt: event.target.value })}
        />
      </label>
    </fieldset>
  );
}
