/**
 * The review of an ended session: a rating from 1 to 5 (five radio buttons drawn as stars, so
 * arrow keys move the choice) and a few words, sent once. The review page
 * (src/pages/sessions/[id]/review.astro) mounts it, and so can the Sessions screen for a past
 * session; `onReviewed` tells the screen it was sent. The API's refusals show as they come,
 * a field's beside it.
 */
import type { Review } from '@api/reviews/schemas';
import { RATING_WORDS, REVIEW_LIMITS } from '@api/shared/reviews';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, toAppError } from '../../lib/errors';
import { sendReview } from '../../lib/reviews/send';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './reviews.css';

export interface ReviewFormProps {
  sessionId: string;
  hostName: string;
  /** Where the host's reviews show (their profile's #reviews), linked once sent. */
  reviewsHref: string | null;
  onReviewed?: (review: Review) => void;
}

type State = { kind: 'editing' | 'sending' } | { kind: 'sent'; review: Review };

export function ReviewForm({ sessionId, hostName, reviewsHref, onReviewed }: ReviewFormProps) {
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ kind: 'editing' });
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      rating: rating === 0 ? 'Choose a rating from 1 to 5 stars.' : undefined,
      text: text.trim() === '' ? 'Write a few words about the session.' : (overLimitReason('review', text.trim().length, REVIEW_LIMITS.text) ?? undefined),
    };
    if (missing.rating || missing.text) return setErrors(missing);
    setErrors({});
    setState({ kind: 'sending' });
    try {
      const review = await sendReview(sessionId, rating, text);
      setState({ kind: 'sent', review });
      onReviewed?.(review);
    } catch (caught) {
      const error = toAppError(caught);
      const fields = fieldErrorsOf(error);
      setErrors({ rating: fields.rating, text: fields.text, form: fields.rating || fields.text ? undefined : error.message });
      setState({ kind: 'editing' });
    }
  }

  if (state.kind === 'sent') {
    return (
      <div className="alert alert-success rv-sent" role="status">
        <p>Thank you. Your review of your session with {hostName} was sent.</p>
        {reviewsHref && (
          <p>
            <a className="link" href={reviewsHref}>
              See it on {hostName}’s profile
            </a>
          </p>
        )}
      </div>
    );
  }

  const sending = state.kind === 'sending';
  return (
    <form className="rv-form" onSubmit={submit} noValidate aria-describedby={errors.form ? `${id}-form` : undefined}>
      <fieldset className="rv-stars-field" aria-describedby={errors.rating ? `${id}-rating` : undefined}>
        <legend>Your rating</legend>
        <div className="rv-stars" data-rating={rating || undefined}>
          {RATING_WORDS.map((word, index) => {
            const value = index + 1;
            return (
              <label key={word} className={value <= rating ? 'rv-star rv-star-on' : 'rv-star'}>
                <input
                  className="visually-hidden"
                  type="radio"
                  name={`${id}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  disabled={sending}
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">
                  {value} {value === 1 ? 'star' : 'stars'}, {word}
                </span>
              </label>
            );
          })}
          <span className="rv-star-word muted" aria-hidden="true">
            {rating ? RATING_WORDS[rating - 1] : ''}
          </span>
        </div>
        <p id={`${id}-rating`} className="field-error" role="alert">
          {errors.rating ?? ''}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-text`}>A few words for other founders</label>
        <textarea
          id={`${id}-text`}
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-text-error ${id}-count`}
          disabled={sending}
        />
        <CharacterCount id={`${id}-count`} length={text.trim().length} max={REVIEW_LIMITS.text} />
        <p id={`${id}-text-error`} className="field-error" role="alert">
          {errors.text ?? ''}
        </p>
      </div>
      {errors.form && (
        <p id={`${id}-form`} className="alert alert-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send review'}
        </button>
      </div>
    </form>
  );
}

export default withErrorBoundary(ReviewForm);
