/**
 * The comments under a post, loaded when opened: each comment with its replies (the rest
 * of a long thread behind "Show N more replies"), a reply box per comment, edit and delete for what the viewer may change, and a box to comment.
 */
import { COMMENT_TEXT_MAX } from '@api/shared/feed-limits';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { relativeTime, fullDate } from '../../lib/text/relative-time';
import type { Comment, MemberCard, Reply } from '../../lib/feed/types';
import { profilePath } from '../../lib/members/paths';
import { $feedComments, commentActions } from '../../lib/stores/feed-comments';
import { Avatar } from '../ui/Avatar';
import { sendReport } from '../../lib/reports/send';
import { ReportDialog } from '../ui/ReportForm';
import { RowMenu } from '../ui/RowMenu';
import { useLimitRefusal } from '../ui/use-limit-refusal';
import { overLimit } from '../../lib/feed/mentions';
import { clearReplyDraft, readReplyDraft, saveReplyDraft } from '../../lib/feed/reply-drafts';
import { MentionTextarea } from './MentionTextarea';
import { ConfirmDialog } from './PostDialogs';
import { PostText } from './PostText';

interface Props {
  postId: string;
  viewer: MemberCard;
  now: number;
}

function TextForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  autoFocus,
  draftOf,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** The comment whose reply draft this box keeps (../../lib/feed/reply-drafts.ts). */
  draftOf?: string;
}) {
  const id = useId();
  const [text, setTextState] = useState(() => (draftOf ? readReplyDraft(draftOf) || initial : initial));
  const setText = (next: string) => {
    setTextState(next);
    if (draftOf) saveReplyDraft(draftOf, next);
  };
  const cancel = onCancel
    ? () => {
        if (draftOf) clearReplyDraft(draftOf);
        onCancel();
      }
    : undefined;
  const [sending, setSending] = useState(false);
  const limit = useLimitRefusal(overLimit(text, COMMENT_TEXT_MAX, submitLabel === 'Reply' ? 'reply' : 'comment'));
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || sending) return;
    if (limit.refuse()) return;
    setSending(true);
    const saved = await onSubmit(text);
    setSending(false);
    if (saved) {
      setText('');
      onCancel?.();
    }
  }
  return (
    <form className="fd-comment-form" onSubmit={submit}>
      <MentionTextarea id={id} label={label} hideLabel placeholder={label} value={text} onChange={setText} maxLength={COMMENT_TEXT_MAX} rows={2} autoFocus={autoFocus} />
      {limit.shown && (
        <p className="field-error" role="alert">
          {limit.shown}
        </p>
      )}
      <div className="cluster">
        <button type="submit" className="btn btn-primary btn-sm" disabled={sending || !text.trim()}>
          {submitLabel}
        </button>
        {cancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function Entry({
  item,
  now,
  onEdit,
  onDelete,
  children,
}: {
  item: Comment | Reply;
  now: number;
  onEdit: (text: string) => Promise<boolean>;
  onDelete: () => void;
  children?: React.ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const kind = 'replyId' in item ? 'reply' : 'comment';
  const pending = item._id.startsWith('pending-');
  const menu = [
    ...(item.canEdit ? [{ label: 'Edit', onSelect: () => setEditing(true) }] : []),
    ...(item.canDelete ? [{ label: 'Delete', danger: true, onSelect: () => setConfirming(true) }] : []),
    // Only its author can edit a comment: every other reader may report it.
    ...(!item.canEdit ? [{ label: 'Report', onSelect: () => setReporting(true) }] : []),
  ];
  return (
    <article className="fd-comment" aria-busy={pending || undefined}>
      <Avatar member={item.author} size={32} />
      <div className="fd-comment-body">
        <header className="fd-comment-head">
          <a href={profilePath(item.author.memberType, item.author.slug)} className="fd-author">
            {item.author.name}
          </a>
          <time className="muted small" dateTime={item.createdAt} title={fullDate(item.createdAt)}>
            {pending ? 'Sending…' : relativeTime(item.createdAt, now)}
          </time>
          {item.editedAt && <span className="muted small">· Edited</span>}
          {menu.length > 0 && !pending && <RowMenu label={`Actions for the ${kind} by ${item.author.name}`} items={menu} />}
        </header>
        {editing ? (
          <TextForm label="Edit" submitLabel="Save" initial={item.text} onSubmit={onEdit} onCancel={() => setEditing(false)} autoFocus />
        ) : (
          <PostText text={item.text} mentions={item.mentions} limit={400} />
        )}
        {children}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Delete this ${kind}?`}
          description={kind === 'comment' ? 'The comment and its replies are removed for everyone.' : 'The reply is removed for everyone.'}
          confirmLabel={`Delete ${kind}`}
          onConfirm={onDelete}
          onClosed={() => setConfirming(false)}
        />
      )}
      {reporting && (
        <ReportDialog
          title={`Report the ${kind} by ${item.author.name}`}
          send={(reason, details) => sendReport({ targetType: 'comment', targetId: item._id }, reason, details, `the ${kind} by ${item.author.name}`)}
          onClosed={() => setReporting(false)}
        />
      )}
    </article>
  );
}

/** "Show N more replies" under a comment whose replies did not all come with it. */
function MoreReplies({ postId, comment }: { postId: string; comment: Comment }) {
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const hidden = comment.replyCount - comment.replies.length;
  if (done || hidden <= 0) return null;
  const more = async () => {
    setLoading(true);
    const remain = await commentActions.loadMoreReplies(postId, comment._id);
    setLoading(false);
    if (!remain) setDone(true);
  };
  return (
    <button type="button" className="fd-link-btn small" aria-disabled={loading || undefined} onClick={() => void (loading ? undefined : more())}>
      {loading ? 'Loading replies…' : `Show ${hidden} more ${hidden === 1 ? 'reply' : 'replies'}`}
    </button>
  );
}

export function Comments({ postId, viewer, now }: Props) {
  const thread = useStore($feedComments)[postId];
  const [replyTo, setReplyTo] = useState<string | null>(null);
  useEffect(() => {
    void commentActions.load(postId);
  }, [postId]);

  return (
    <section className="fd-comments" aria-label="Comments">
      {thread?.status === 'loading' && <p className="muted small">Loading comments…</p>}
      {thread?.status === 'error' && (
        <div className="alert alert-error" role="alert">
          <p>{thread.error}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void commentActions.load(postId, true)}>
            Try again
          </button>
        </div>
      )}
      {thread && thread.status !== 'loading' && thread.status !== 'error' && (
        <>
          {thread.items.length === 0 && <p className="muted small">No comments yet. Start the conversation.</p>}
          <ul className="fd-comment-list">
            {thread.items.map((comment) => (
              <li key={comment._id}>
                <Entry item={comment} now={now} onEdit={(text) => commentActions.edit(postId, comment._id, text)} onDelete={() => void commentActions.remove(postId, comment._id)}>
                  {comment.replies.length > 0 && (
                    <ul className="fd-replies" aria-label={`Replies to ${comment.author.name}`}>
                      {comment.replies.map((reply) => (
                        <li key={reply._id}>
                          <Entry
                            item={reply}
                            now={now}
                            onEdit={(text) => commentActions.editReply(postId, comment._id, reply._id, text)}
                            onDelete={() => void commentActions.removeReply(postId, comment._id, reply._id)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                  <MoreReplies postId={postId} comment={comment} />
                  {replyTo === comment._id ? (
                    <TextForm
                      label={`Reply to ${comment.author.name}`}
                      submitLabel="Reply"
                      autoFocus
                      draftOf={comment._id}
                      onSubmit={(text) => commentActions.reply(postId, comment._id, text, viewer)}
                      onCancel={() => setReplyTo(null)}
                    />
                  ) : (
                    !comment._id.startsWith('pending-') && (
                      <button type="button" className="fd-link-btn small" onClick={() => setReplyTo(comment._id)}>
                        Reply
                      </button>
                    )
                  )}
                </Entry>
              </li>
            ))}
          </ul>
          {thread.page < thread.pages && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={thread.status === 'loading-more'} onClick={() => void commentActions.loadMore(postId)}>
              {thread.status === 'loading-more' ? 'Loading…' : 'More comments'}
            </button>
          )}
          <TextForm label="Write a comment" submitLabel="Comment" onSubmit={(text) => commentActions.add(postId, text, viewer)} />
        </>
      )}
    </section>
  );
}
