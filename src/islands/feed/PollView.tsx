/**
 * A post's poll: option buttons while the viewer may vote, then results as bars with
 * shares (the viewer's choice marked). Voting shows the results at once (optimistic).
 */
import { canVote, sharePercent } from '../../lib/feed/optimistic';
import type { Poll } from '../../lib/feed/types';

interface Props {
  poll: Poll;
  busy: boolean;
  pending: boolean;
  onVote: (optionId: string) => void;
}

function closingLabel(poll: Poll): string | null {
  if (poll.closed || (poll.closesAt && Date.parse(poll.closesAt) <= Date.now())) return 'Poll closed';
  if (!poll.closesAt) return null;
  return `Closes ${new Date(poll.closesAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
}

export function PollView({ poll, busy, pending, onVote }: Props) {
  const open = !pending && canVote(poll);
  const votes = `${poll.totalVotes} ${poll.totalVotes === 1 ? 'vote' : 'votes'}`;
  const closing = closingLabel(poll);
  return (
    <fieldset className="fd-poll">
      <legend className="fd-poll-question">{poll.question || 'Poll'}</legend>
      {open ? (
        <div className="fd-poll-options">
          {poll.options.map((option) => (
            <button key={option._id} type="button" className="btn btn-secondary fd-poll-choice" disabled={busy} onClick={() => onVote(option._id)}>
              {option.label}
            </button>
          ))}
        </div>
      ) : (
        <ul className="fd-poll-results" aria-label="Results">
          {poll.options.map((option) => {
            const percent = sharePercent(option.share);
            const mine = poll.votedOptionId === option._id;
            return (
              <li key={option._id} className="fd-poll-result" data-mine={mine || undefined}>
                <span className="fd-poll-bar" style={{ width: `${percent}%` }} aria-hidden="true" />
                <span className="fd-poll-label">
                  {option.label}
                  {mine && <span className="fd-poll-mine"> · your vote</span>}
                </span>
                <span className="fd-poll-share">
                  {percent}%
                  <span className="visually-hidden">
                    , {option.votes} {option.votes === 1 ? 'vote' : 'votes'}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted small">
        {votes}
        {closing && ` · ${closing}`}
      </p>
    </fieldset>
  );
}
