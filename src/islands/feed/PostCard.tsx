/**
 * One post of the feed: author and time (with "Edited", which opens the history), group
 * and "Pinned" badges, text, media, poll, like and comment buttons, comments in place,
 * and the menu (edit, delete, pin for admins; report for other members' posts).
 */
import { Suspense, useState } from 'react';
import { fullDate, relativeTime } from '../../lib/text/relative-time';
import { feedHref } from '../../lib/feed/filters';
import type { FeedGroup, FeedPost, MemberCard } from '../../lib/feed/types';
import { profilePath } from '../../lib/members/paths';
import { sendReport } from '../../lib/reports/send';
import { feedActions } from '../../lib/stores/feed';
import { toast } from '../../lib/toast';
import { PremiumBadge } from '../ui/PremiumBadge';
import { Avatar } from '../ui/Avatar';
import { RowMenu, type MenuItem } from '../ui/RowMenu';
import { MediaGrid } from './MediaGrid';
import { PollView } from './PollView';
import { Comments, DeleteDialog, EditDialog, HistoryDialog, ReportDialog } from './lazy';
import { PostText } from './PostText';

interface Props {
  post: FeedPost;
  busy: boolean;
  viewer: MemberCard;
  isAdmin: boolean;
  groups: FeedGroup[];
  now: number;
}

type Open = 'edit' | 'delete' | 'history' | 'report' | null;

export function PostCard({ post, busy, viewer, isAdmin, groups, now }: Props) {
  const [dialog, setDialog] = useState<Open>(null);
  const [showComments, setShowComments] = useState(false);
  const pending = post._id.startsWith('pending-');
  const group = groups.find((item) => item.key === post.group);
  const profile = profilePath(post.author.memberType, post.author.slug);
  const headingId = `post-${post._id}`;
  const menu: MenuItem[] = [
    ...(post.canEdit ? [{ label: 'Edit', onSelect: () => setDialog('edit') }] : []),
    ...(isAdmin ? [{ label: post.isPinned ? 'Unpin' : 'Pin to top', onSelect: () => void feedActions.pin(post._id, !post.isPinned) }] : []),
    ...(post.slug ? [{ label: 'Copy link', onSelect: () => void copyLink(post.slug) }] : []),
    ...(post.author._id !== viewer._id ? [{ label: 'Report', onSelect: () => setDialog('report') }] : []),
    ...(post.canDelete ? [{ label: 'Delete', danger: true, onSelect: () => setDialog('delete') }] : []),
  ];

  return (
    <article className="card fd-post" data-post-id={post._id} aria-labelledby={headingId} aria-busy={pending || busy || undefined} data-pinned={post.isPinned || undefined}>
      <header className="fd-post-head">
        <Avatar member={post.author} size={44} />
        <div className="fd-post-meta">
          <h3 id={headingId} className="fd-post-author">
            <a href={profile}>{post.author.name}</a> <PremiumBadge premium={post.author.premium} />
            <span className="visually-hidden"> posted</span>
          </h3>
          <p className="muted small fd-post-sub">
            {post.author.tagline && <span className="fd-tagline">{post.author.tagline} · </span>}
            {post.slug ? (
              <a href={`/post/${post.slug}`} className="fd-time">
                <time dateTime={post.createdAt} title={fullDate(post.createdAt)}>
                  {relativeTime(post.createdAt, now)}
                </time>
              </a>
            ) : (
              <span>Posting…</span>
            )}
            {post.editedAt && (
              <>
                {' · '}
                <button type="button" className="fd-link-btn" onClick={() => setDialog('history')} aria-label={`Edited ${fullDate(post.editedAt)}: see the edit history`}>
                  Edited
                </button>
              </>
            )}
          </p>
        </div>
        <div className="fd-post-badges">
          {post.isPinned && <span className="badge badge-accent">Pinned</span>}
          {group && (
            <a className="badge" href={feedHref({ group: group.key, hashtag: null })}>
              {group.name}
            </a>
          )}
          {menu.length > 0 && !pending && <RowMenu label={`Actions for the post by ${post.author.name}`} items={menu} />}
        </div>
      </header>
      <PostText text={post.text} mentions={post.mentions} />
      <MediaGrid media={post.media} />
      {post.poll && <PollView poll={post.poll} busy={busy} pending={pending} onVote={(optionId) => void feedActions.vote(post._id, optionId)} />}
      {!pending && (
        <footer className="fd-post-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm fd-like"
            aria-pressed={post.likedByUser}
            disabled={busy}
            onClick={() => void feedActions.like(post._id, !post.likedByUser)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" fill={post.likedByUser ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8">
              <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
            </svg>
            <span>Like</span>
            <span className="fd-count-badge">
              {post.likeCount}
              <span className="visually-hidden"> {post.likeCount === 1 ? 'like' : 'likes'}</span>
            </span>
          </button>
          <button type="button" className="btn btn-ghost btn-sm" aria-expanded={showComments} onClick={() => setShowComments(!showComments)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M4 5h16v11H9l-5 4z" />
            </svg>
            <span>Comment</span>
            <span className="fd-count-badge">
              {post.commentCount}
              <span className="visually-hidden"> {post.commentCount === 1 ? 'comment' : 'comments'}</span>
            </span>
          </button>
        </footer>
      )}
      {showComments && (
        <Suspense
          fallback={
            <p className="muted" role="status">
              Loading comments…
            </p>
          }
        >
          <Comments postId={post._id} viewer={viewer} now={now} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialog === 'edit' && <EditDialog post={post} groups={groups} onClosed={() => setDialog(null)} />}
        {dialog === 'delete' && <DeleteDialog post={post} onClosed={() => setDialog(null)} />}
        {dialog === 'history' && <HistoryDialog post={post} onClosed={() => setDialog(null)} />}
        {dialog === 'report' && (
          <ReportDialog
            title={`Report the post by ${post.author.name}`}
            send={(reason, details) => sendReport({ targetType: 'post', targetId: post._id }, reason, details, `the post by ${post.author.name}`)}
            onClosed={() => setDialog(null)}
          />
        )}
      </Suspense>
    </article>
  );
}

async function copyLink(slug: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(new URL(`/post/${slug}`, location.origin).href);
    toast('Link copied.', { kind: 'success' });
  } catch {
    toast('The link could not be copied.', { kind: 'error' });
  }
}
