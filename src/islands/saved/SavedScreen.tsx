/**
 * The Saved screen (/saved): the people the member saved, each with their private note
 * (edited in place, or the person removed), or their saved searches (opened, or removed).
 * Loading, empty and error states; member text and notes are escaped by React.
 */
import { useStore } from '@nanostores/react';
import type { SavedMember, SavedSearch } from '@api/saved/schemas';
import { useEffect, useState } from 'react';
import { toAppError } from '../../lib/errors';
import { $savedPeople, $savedSearches, deleteSavedSearch, loadSavedPeople, loadSavedSearches, saveMember, unsaveMember } from '../../lib/stores/saved';
import { ResultCard } from '../search/ResultCard';
import { NoteField } from './NoteField';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './saved.css';
import { MediaBaseProvider } from '../ui/media-base';

interface Props {
  tab: 'people' | 'searches';
  mediaBaseUrl: string;
}

const searchPath = (search: SavedSearch) => `/${search.memberType === 'founder' ? 'founders' : 'advisors'}${search.query ? `?${search.query}` : ''}`;

function SavedPerson({ entry }: { entry: SavedMember }) {
  const [note, setNote] = useState(entry.note);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string | null) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      await action();
      setStatus(done);
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="saved-person" data-saved-person={entry.member._id}>
      <ResultCard member={entry.member} saveControl={false} />
      <form
        className="form saved-note"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => saveMember(entry.member._id, note), 'Note saved.');
        }}
      >
        <NoteField label={`Your private note on ${entry.member.name}`} rows={2} value={note} onChange={setNote} />
        <div className="saved-actions">
          <button type="submit" className="btn btn-secondary btn-sm" disabled={busy || note === entry.note}>
            Save note
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void run(() => unsaveMember(entry.member._id), null)}>
            Remove
          </button>
          <span className="small" role="status">
            {status}
          </span>
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

function SavedScreen({ tab, mediaBaseUrl }: Props) {
  const people = useStore($savedPeople);
  const searches = useStore($savedSearches);
  const [error, setError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    (tab === 'people' ? loadSavedPeople() : loadSavedSearches()).catch((cause) => setError(toAppError(cause).message));
  };
  useEffect(load, [tab]);

  if (error) {
    return (
      <div className="alert alert-error" role="alert">
        <p>
          <strong>We couldn’t load your saved {tab} just now.</strong> {error}
        </p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={load}>
          Try again
        </button>
      </div>
    );
  }
  if (tab === 'people') {
    if (!people)
      return (
        <p className="muted" aria-busy="true">
          Loading your saved people…
        </p>
      );
    if (people.length === 0)
      return (
        <div className="search-empty" data-saved-empty>
          <h2>No saved people yet</h2>
          <p className="muted">Use “Save” on a member’s profile to keep them here with a private note.</p>
          <a className="btn btn-secondary" href="/matching">
            Go to matching
          </a>
        </div>
      );
    return (
      <MediaBaseProvider base={mediaBaseUrl}>
        <ul className="result-list saved-list">
          {people.map((entry) => (
            <SavedPerson key={entry.member._id} entry={entry} />
          ))}
        </ul>
      </MediaBaseProvider>
    );
  }
  if (!searches)
    return (
      <p className="muted" aria-busy="true">
        Loading your saved searches…
      </p>
    );
  return (
    <div className="stack">
      <p className="muted small">
        {searches.data.length} of {searches.limit} saved searches. Once a day we look for new members who match them and tell you (see your notification settings).
      </p>
      {removeError && (
        <p className="alert alert-error" role="alert">
          {removeError}
        </p>
      )}
      {searches.data.length === 0 ? (
        <div className="search-empty" data-saved-empty>
          <h2>No saved searches yet</h2>
          <p className="muted">Search founders or advisors, then “Save this search”.</p>
          <a className="btn btn-secondary" href="/founders">
            Search founders
          </a>
        </div>
      ) : (
        <ul className="saved-searches">
          {searches.data.map((search) => (
            <li key={search._id} data-saved-search={search._id}>
              <a className="link" href={searchPath(search)}>
                {search.name}
              </a>
              <span className="muted small">{search.memberType === 'founder' ? 'Founders' : 'Advisors'}</span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove saved search ${search.name}`}
                onClick={() => {
                  setRemoveError(null);
                  deleteSavedSearch(search._id).catch((cause) => setRemoveError(toAppError(cause).message));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default withErrorBoundary(SavedScreen);
