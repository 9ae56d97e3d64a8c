/**
 * The post dialogs: confirm a delete, edit the text and group, and the edit history
 * (earlier versions, newest first, loaded when it opens).
 */
import { POST_TEXT_MAX } from '@api/shared/feed-limits';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { fullDate } from '../../lib/text/relative-time';
import { toAppError } from '../../lib/errors';
import type { FeedGroup, FeedPost, PostVersion } from '../../lib/feed/types';
import { feedActions } from '../../lib/stores/feed';
import { toast } from '../../lib/toast';
import { Dialog } from '../ui/Dialog';
import { MediaGrid } from './MediaGrid';
import { overLimit } from '../../lib/feed/mentions';
import { MentionTextarea } from './MentionTextarea';
import { PostText } from './PostText';

interface DialogBase {
  post: FeedPost;
  onClosed: () => void;
}

/** A destructive action, confirmed: Cancel (focused first) or the action. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClosed,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} title={title} description={description} onClosed={onClosed}>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

export function DeleteDialog({ post, onClosed }: DialogBase) {
  return (
    <ConfirmDialog
      title="Delete this post?"
      description="The post, its comments, likes and votes are removed for everyone. This cannot be undone."
      confirmLabel="Delete post"
      onConfirm={() => void feedActions.remove(post._id)}
      onClosed={onClosed}
    />
  );
}

export function EditDialog({ post, groups, onClosed }: DialogBase & { groups: FeedGroup[] }) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [text, setText] = useState(post.text);
  const [group, setGroup] = useState(post.group ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() && !post.poll && post.media.length === 0) {
      setError('A post needs text, a poll or media.');
      return;
    }
    const tooLong = overLimit(text, POST_TEXT_MAX, 'post');
    if (tooLong) {
      setError(tooLong);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await feedActions.edit(post._id, { text, group: group || null, poll: null, files: [] });
      toast('Post updated.', { kind: 'success' });
      setOpen(false);
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} title="Edit post" onClosed={onClosed}>
      <form className="stack-sm" onSubmit={save}>
        <MentionTextarea id={`${id}-text`} label="Text" value={text} onChange={setText} maxLength={POST_TEXT_MAX} rows={6} disabled={saving} autoFocus />
        <label className="field">
          <span>Group</span>
          <select value={group} onChange={(event) => setGroup(event.target.value)} disabled={saving}>
            <option value="">Everyone</option>
            {groups.map((item) => (
              <option key={item.key} value={item.key}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        {(post.poll || post.media.length > 0) && <p className="muted small">The poll and media stay as they are.</p>}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type HistoryState = { status: 'loading' } | { status: 'ready'; versions: PostVersion[] } | { status: 'error'; message: string };

export function HistoryDialog({ post, onClosed }: DialogBase) {
  const [open, setOpen] = useState(true);
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    feedActions
      .history(post._id)
      .then((versions) => current && setState({ status: 'ready', versions }))
      .catch((cause) => current && setState({ status: 'error', message: toAppError(cause).message }));
    return () => {
      current = false;
    };
  }, [post._id, attempt]);

  return (
    <Dialog open={open} title="Edit history" description="Earlier versions of this post, newest first." onClosed={onClosed}>
      <div className="fd-history" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <p className="muted">Loading earlier versions…</p>}
        {state.status === 'error' && (
          <div className="alert alert-error" role="alert">
            <p>{state.message}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAttempt(attempt + 1)}>
              Try again
            </button>
          </div>
        )}
        {state.status === 'ready' && state.versions.length === 0 && <p className="muted">No earlier versions.</p>}
        {state.status === 'ready' && state.versions.length > 0 && (
          <ol className="fd-versions">
            {state.versions.map((version) => (
              <li key={version._id} className="fd-version">
                <p className="muted small">
                  Replaced <time dateTime={version.replacedAt}>{fullDate(version.replacedAt)}</time>
                  {version.editedBy && ` · edited by ${version.editedBy.name}`}
                </p>
                <PostText text={version.text} mentions={post.mentions} />
                {version.poll && <p className="small">Poll: {version.poll.options.map((option) => option.label).join(' · ')}</p>}
                <MediaGrid media={version.media} />
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
