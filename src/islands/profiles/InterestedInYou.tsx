/**
 * "Interested in you" on /matching: members who said Interested in the viewer and wait for
 * an answer. Premium members see who, with Interested / Not now (an Interested here makes
 * the match at once); free members see how many, as blurred cards that name no one
 * (docs/decisions.md "Who is interested in you").
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { interestedAgo } from '../../lib/search/introductions';
import { matchPercent, reasonSentence } from '../../lib/search/labels';
import { $interestedInYou, introductionsActions } from '../../lib/stores/introductions';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { DeepLines, MatchAvatar, profileHref } from './MatchCard';
import './InterestedInYou.css';

/** The blurred stand-ins a free member sees, at most three. */
const LOCKED_CARDS = ['first', 'second', 'third'] as const;

function InterestedInYou({ mediaBaseUrl }: { mediaBaseUrl?: string }) {
  const { queue, loading, error } = useStore($interestedInYou);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void introductionsActions.loadQueue();
  }, []);

  const count = queue?.total ?? 0;
  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <section className="interest-queue" aria-labelledby="interest-queue-title">
        <h2 id="interest-queue-title">Interested in you{queue && <span className="interest-count">{count}</span>}</h2>
        {error ? (
          <div className="alert alert-error" role="alert">
            <p>We couldn’t load who is interested in you: {error}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void introductionsActions.loadQueue()}>
              Try again
            </button>
          </div>
        ) : !queue ? (
          <p className="muted small" role="status">
            {loading ? 'Loading…' : ''}
          </p>
        ) : count === 0 ? (
          <p className="muted small">Nobody is waiting for your answer. When someone says Interested in you, they appear here.</p>
        ) : !queue.premium ? (
          <div className="interest-locked">
            <ul className="interest-blurred" aria-hidden="true">
              {LOCKED_CARDS.slice(0, count).map((place) => (
                <li key={place} className="interest-blurred-card">
                  <span className="interest-blurred-avatar" />
                  <span className="interest-blurred-line" />
                  <span className="interest-blurred-line short" />
                </li>
              ))}
            </ul>
            <p>
              {count === 1 ? '1 member is' : `${count} members are`} interested in you. <a href="/premium">Go Premium</a> to see who and answer now, or keep reviewing your
              suggestions: say Interested to them too and it’s a match.
            </p>
          </div>
        ) : (
          <ol className="interest-list">
            {queue.data.map((entry) => {
              const { member } = entry;
              return (
                <li key={member._id} className="interest-row">
                  <MatchAvatar member={member} size={44} />
                  <div className="interest-main">
                    <a className="interest-name" href={profileHref(member)}>
                      {member.name}
                    </a>
                    <span className="muted small">
                      {entry.reasons[0] ? `${reasonSentence(entry.reasons[0])} · ` : ''}
                      {matchPercent(entry.score)}% match · interested {interestedAgo(entry.interestedAt)}
                    </span>
                    <DeepLines member={member} />
                  </div>
                  <div className="interest-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={busy !== null}
                      onClick={async () => {
                        setBusy(member._id);
                        await introductionsActions.answer(member, 'not_now');
                        setBusy(null);
                      }}
                    >
                      Not now<span className="visually-hidden"> for {member.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={busy !== null}
                      aria-busy={busy === member._id || undefined}
                      onClick={async () => {
                        setBusy(member._id);
                        await introductionsActions.answer(member, 'interested');
                        setBusy(null);
                      }}
                    >
                      Interested<span className="visually-hidden"> in {member.name}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(InterestedInYou);
