/**
 * "This week's shortlist" at the top of /matching (docs/product.md "Weekly shortlist"): the
 * week's new members who fit the viewer both ways, each with Interested / Not now, and below
 * them the matches asked "Did you meet? How did it go?" with a small form each (opened from the
 * `match.checkin` notification: `/matching?checkin=<id>#checkin`).
 */
import { useStore } from '@nanostores/react';
import type { OpenCheckin } from '@api/shortlist/schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { matchPercent, reasonSentence } from '../../lib/search/labels';
import { $shortlist, shortlistActions } from '../../lib/stores/shortlist';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { DeepLines, MatchAvatar, profileHref } from './MatchCard';
import './WeeklyShortlist.css';

const OUTCOMES = [
  { value: 'good', label: 'Good' },
  { value: 'okay', label: 'Okay' },
  { value: 'not_a_fit', label: 'Not a fit' },
] as const;
type Outcome = (typeof OUTCOMES)[number]['value'];

/** "Monday at 08:00", in the reader's own clock. */
function nextLabel(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

function CheckinForm({ checkin }: { checkin: OpenCheckin }) {
  const id = useId().replace(/:/g, '');
  const [met, setMet] = useState<boolean | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = checkin.member.name || 'your match';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (met === null) return setProblem('Say whether you met.');
    if (met && !outcome) return setProblem('Say how it went.');
    setProblem(null);
    setSending(true);
    await shortlistActions.answerCheckin(checkin.matchId, met ? { met, outcome: outcome ?? undefined } : { met });
    setSending(false);
  }

  return (
    <form className="checkin" id={`checkin-${checkin.matchId}`} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <div className="checkin-who">
        <MatchAvatar member={checkin.member} size={40} />
        <h3 id={`${id}-title`}>
          Did you meet <a href={profileHref(checkin.member)}>{name}</a>?
        </h3>
      </div>
      <fieldset>
        <legend className="visually-hidden">Did you meet {name}?</legend>
        <label>
          <input type="radio" name={`${id}-met`} checked={met === true} onChange={() => setMet(true)} /> Yes
        </label>
        <label>
          <input type="radio" name={`${id}-met`} checked={met === false} onChange={() => setMet(false)} /> No
        </label>
      </fieldset>
      {met && (
        <fieldset>
          <legend>How did it go?</legend>
          {OUTCOMES.map((option) => (
            <label key={option.value}>
              <input type="radio" name={`${id}-outcome`} checked={outcome === option.value} onChange={() => setOutcome(option.value)} /> {option.label}
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p className="checkin-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={sending} aria-busy={sending || undefined}>
        Save answer
      </button>
    </form>
  );
}

function WeeklyShortlist({ mediaBaseUrl }: { mediaBaseUrl?: string }) {
  const { shortlist, loading, error } = useStore($shortlist);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void shortlistActions.load();
  }, []);

  // The check-in notification links to /matching?checkin=<id>#checkin: the questions arrive with
  // the shortlist, after the browser looked for the anchor, so they are brought into view once here.
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (broughtIntoView.current || !shortlist || shortlist.checkins.length === 0) return;
    const url = new URL(window.location.href);
    const wanted = url.searchParams.get('checkin');
    if (!wanted && url.hash !== '#checkin') return;
    broughtIntoView.current = true;
    (document.getElementById(`checkin-${wanted}`) ?? document.getElementById('checkin'))?.scrollIntoView({ block: 'start' });
  }, [shortlist]);

  const answer = async (memberId: string, kind: 'interested' | 'not_now') => {
    setBusy(memberId);
    await shortlistActions.answerPick(memberId, kind);
    setBusy(null);
  };

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <section className="shortlist" id="shortlist" aria-labelledby="shortlist-title">
        <h2 id="shortlist-title">This week’s shortlist</h2>
        {error ? (
          <div className="alert alert-error" role="alert">
            <p>We couldn’t load your shortlist: {error}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void shortlistActions.load()}>
              Try again
            </button>
          </div>
        ) : !shortlist ? (
          <p className="muted small" role="status">
            {loading ? 'Loading…' : ''}
          </p>
        ) : shortlist.picks.length === 0 ? (
          <p className="muted small">
            {shortlist.week ? 'You have answered everyone on this week’s shortlist.' : 'Your first shortlist is on its way.'} The next one arrives{' '}
            <time dateTime={shortlist.nextAt}>{nextLabel(shortlist.nextAt)}</time>: a few new members who fit you both ways.
          </p>
        ) : (
          <ol className="shortlist-list">
            {shortlist.picks.map((pick) => (
              <li key={pick.member._id} className="shortlist-row">
                <MatchAvatar member={pick.member} size={44} />
                <div className="shortlist-main">
                  <a className="shortlist-name" href={profileHref(pick.member)}>
                    {pick.member.name}
                  </a>
                  <span className="muted small">
                    {pick.reasons[0] ? `${reasonSentence(pick.reasons[0])} · ` : ''}
                    {matchPercent(pick.score)}% fit both ways
                  </span>
                  <DeepLines member={pick.member} />
                </div>
                <div className="shortlist-actions">
                  <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null} onClick={() => void answer(pick.member._id, 'not_now')}>
                    Not now<span className="visually-hidden"> for {pick.member.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={busy !== null}
                    aria-busy={busy === pick.member._id || undefined}
                    onClick={() => void answer(pick.member._id, 'interested')}
                  >
                    Interested<span className="visually-hidden"> in {pick.member.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        {shortlist && shortlist.checkins.length > 0 && (
          <div className="checkins" id="checkin">
            <h2 className="checkins-title">How did it go?</h2>
            <p className="muted small">Your answers stay private; they help your next shortlists.</p>
            {shortlist.checkins.map((checkin) => (
              <CheckinForm key={checkin.matchId} checkin={checkin} />
            ))}
          </div>
        )}
      </section>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(WeeklyShortlist);
