/**
 * "Delete account" on /settings/account. Without a pending request: what deletion does,
 * and a button opening a confirmation dialog that names the consequences and takes an
 * optional reason. With one: the date the account will be deleted by and a Withdraw button.
 * A rejected request shows the administrator's note; a request that could not be read
 * offers to try again.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { $accountDeletion, accountDeletionActions, deletionDay, type DeletionRequest, REASON_MAX_LENGTH } from '../../lib/stores/account-deletion';
import { Dialog } from '../ui/Dialog';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './delete-account.css';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';

const CONSEQUENCES = [
  'Your profile leaves search, suggestions and matching right away, and your public page is gone.',
  'Within 30 days (sooner if an administrator approves) your profile, posts, comments, likes, votes, connections, notifications, pictures and files are deleted for good.',
  'Every session is signed out and any Premium subscription is cancelled without a refund of the current period.',
  'Members you wrote to keep their side of those conversations, shown from "Deleted member".',
];

function PendingRequest({ request }: { request: NonNullable<DeletionRequest> }) {
  const { busy } = useStore($accountDeletion);
  return (
    <div className="alert alert-error stack delete-account-pending" role="status">
      <p>
        <strong>
          Your account will be deleted by <time dateTime={request.dueAt}>{deletionDay(request.dueAt)}</time>.
        </strong>{' '}
        Your profile is hidden from other members until then. Changed your mind? Withdraw the request and everything comes back as it was.
      </p>
      {request.reason && <p className="muted">Your reason: {request.reason}</p>}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void accountDeletionActions.withdraw()}>
          {busy === 'withdrawing' ? 'Withdrawing…' : 'Withdraw the request'}
        </button>
      </div>
    </div>
  );
}

function AskDialog({ open, onClosed }: { open: boolean; onClosed: () => void }) {
  const { busy, error } = useStore($accountDeletion);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  // A reason over the limit is kept and refused with the reason, never cut.
  const tooLong = overLimitReason('reason', reason.length, REASON_MAX_LENGTH);
  const [refused, setRefused] = useState(false);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setRefused(Boolean(tooLong));
    if (tooLong) return;
    if (await accountDeletionActions.ask(reason)) onClosed();
  };
  return (
    <Dialog open={open} title="Delete your account?" description="This is what happens:" onClosed={onClosed}>
      <form className="stack" onSubmit={submit}>
        <ul className="delete-account-consequences">
          {CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor={reasonId}>Why are you leaving? (optional)</label>
          <textarea
            id={reasonId}
            name="reason"
            rows={3}
            value={reason}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={`${reasonId}-count`}
            onChange={(event) => {
              setReason(event.target.value);
              setRefused(false);
            }}
          />
          <CharacterCount id={`${reasonId}-count`} length={reason.length} max={REASON_MAX_LENGTH} />
        </div>
        {refused && tooLong && (
          <p className="alert alert-error" role="alert">
            {tooLong}
          </p>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            <p>{error}</p>
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={busy !== null}>
            {busy === 'asking' ? 'Sending…' : 'Delete my account'}
          </button>
          <button type="button" className="btn" data-autofocus onClick={onClosed}>
            Keep my account
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteAccount({ request, loadError }: { request: DeletionRequest | undefined; loadError: string | null }) {
  useState(() => accountDeletionActions.hydrate(request, loadError));
  const state = useStore($accountDeletion);
  const [asking, setAsking] = useState(false);
  const current = state.request;

  return (
    <section className="card stack" id="delete-account" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card-title">
        Delete account
      </h2>
      {current === undefined ? (
        <div className="alert alert-error stack" role="alert">
          <p>Your deletion request could not be loaded{state.error ? `: ${state.error}` : '.'}</p>
          <div className="form-actions">
            <button type="button" className="btn" disabled={state.busy !== null} onClick={() => void accountDeletionActions.reload()}>
              {state.busy === 'loading' ? 'Loading…' : 'Try again'}
            </button>
          </div>
        </div>
      ) : current?.status === 'pending' ? (
        <PendingRequest request={current} />
      ) : (
        <>
          {current?.status === 'rejected' && (
            <div className="alert alert-info stack" role="status">
              <p>
                <strong>Your earlier request was not carried out.</strong> An administrator's note:
              </p>
              <blockquote className="delete-account-note">{current.adminNote}</blockquote>
              <p>You can ask again below.</p>
            </div>
          )}
          {current?.status === 'withdrawn' && (
            <p className="muted" role="status">
              You withdrew your deletion request; your account stays as it is.
            </p>
          )}
          <p>Deleting your account removes your profile and everything you shared. You have 30 days to change your mind, and we email you at each step.</p>
          <div className="form-actions">
            <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
              Delete account…
            </button>
          </div>
        </>
      )}
      {state.error && current !== undefined && !asking && (
        <div className="alert alert-error" role="alert">
          <p>{state.error}</p>
        </div>
      )}
      {/* Committed at once: a key pressed right after Escape must find the dialog closed to open it again. */}
      <AskDialog open={asking} onClosed={() => flushSync(() => setAsking(false))} />
    </section>
  );
}

export default withErrorBoundary(DeleteAccount);
