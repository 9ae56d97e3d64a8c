/**
 * The host's one answer to a review on their own profile: "Answer" opens a small form in place;
 * once sent, the answer shows under the review and the form is gone.
 */
import { REVIEW_LIMITS } from '@api/shared/reviews';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, toAppError } from '../../lib/errors';
import { sendAnswer } from '../../lib/reviews/send';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './reviews.css';

interface Props {
  reviewId: string;
  authorName: string;
}

type State = { kind: 'closed' | 'open' | 'sending' } | { kind: 'sent'; text: string };

function ReviewAnswerForm({ reviewId, authorName }: Props) {
  const [state, setState] = useState<State>({ kind: 'closed' });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    const problem = trimmed === '' ? 'Write your answer first.' : overLimitReason('answer', trimmed.length, REVIEW_LIMITS.answer);
    if (problem) return setError(problem);
    setError(null);
    setState({ kind: 'sending' });
    try {
      const review = await sendAnswer(reviewId, trimmed);
      setState({ kind: 'sent', text: review.answer?.text ?? trimmed });
    } catch (caught) {
      const appError = toAppError(caught);
      setError(fieldErrorsOf(appError).text ?? appError.message);
      setState({ kind: 'open' });
    }
  }

  if (state.kind === 'sent') {
    return (
      <div className="pf-review-answer" role="status">
        <p className="small muted">Your answer</p>
        <p className="pf-review-text">{state.text}</p>
      </div>
    );
  }
  if (state.kind === 'closed') {
    return (
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setState({ kind: 'open' })}>
        Answer {authorName}
      </button>
    );
  }
  return (
    <form className="rv-answer-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`}>Your answer to {authorName} (you can answer once)</label>
      <textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${id}-count`}
        disabled={state.kind === 'sending'}
      />
      <CharacterCount id={`${id}-count`} length={text.trim().length} max={REVIEW_LIMITS.answer} />
      <p id={`${id}-error`} className="field-error" role="alert">
        {error ?? ''}
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending…' : 'Send answer'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setState({ kind: 'closed' })} disabled={state.kind === 'sending'}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default withErrorBoundary(ReviewAnswerForm);
