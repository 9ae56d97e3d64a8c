/**
 * "Save this search" on /founders and /advisors: keeps the filters and words in the address
 * under a name the member gives, so they hear of new members who match (docs/product.md
 * "Saved people and searches"). The limit and other refusals are shown in the server's words.
 */
import { SAVED_LIMITS } from '@api/shared/saved-messages';
import { useId, useState } from 'react';
import { toAppError } from '../../lib/errors';
import { saveSearch } from '../../lib/stores/saved';
import { Dialog } from '../ui/Dialog';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './saved.css';

interface Props {
  memberType: 'founder' | 'advisor';
  noun: string;
}

/** The search in the address, without its page. */
function currentQuery(): string {
  const params = new URLSearchParams(location.search);
  params.delete('page');
  return params.toString();
}

function SaveSearchButton({ memberType, noun }: Props) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' } | { kind: 'saved'; name: string } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const fieldId = useId();
  const start = () => {
    const q = new URLSearchParams(location.search).get('q');
    setName((q ? `${q} · ${noun}` : `${noun[0]!.toUpperCase()}${noun.slice(1)} search`).slice(0, SAVED_LIMITS.nameMax));
    setState({ kind: 'idle' });
    setOpen(true);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      const saved = await saveSearch(name, memberType, currentQuery());
      setOpen(false);
      setState({ kind: 'saved', name: saved.name });
    } catch (cause) {
      setState({ kind: 'error', message: toAppError(cause).message });
    }
  };
  return (
    <div className="save-search">
      <button type="button" className="btn btn-secondary btn-sm" onClick={start} data-save-search>
        Save this search
      </button>
      {state.kind === 'saved' && (
        <p className="small" role="status">
          Saved as “{state.name}”. We will tell you when new {noun}s match.{' '}
          <a className="link" href="/saved?tab=searches">
            Saved searches
          </a>
        </p>
      )}
      <Dialog open={open} title="Save this search" description={`You hear of new ${noun}s who match, by your notification settings.`} onClosed={() => setOpen(false)}>
        <form className="form" onSubmit={submit} data-save-search-form>
          <div className="field">
            <label htmlFor={fieldId}>Name</label>
            <input id={fieldId} className="input" required maxLength={SAVED_LIMITS.nameMax} value={name} onChange={(event) => setName(event.target.value)} data-autofocus />
          </div>
          {state.kind === 'error' && (
            <p className="alert alert-error" role="alert">
              {state.message}
            </p>
          )}
          <div className="ui-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={state.kind === 'saving'}>
              Save search
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

export default withErrorBoundary(SaveSearchButton);
