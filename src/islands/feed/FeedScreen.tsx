/**
 * The feed island: group tabs and the hashtag filter (links: `?group=`, `?hashtag=`),
 * the composer, pinned posts on top, then the posts newest first with infinite scroll
 * (an IntersectionObserver, and a "Load more" button for everyone else). Starts from the
 * page the server rendered; `$feed` holds the posts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { feedHref } from '../../lib/feed/filters';
import { hasMore, visiblePosts, type InitialFeed } from '../../lib/feed/state';
import type { MemberCard } from '../../lib/feed/types';
import type { RichToken } from '../../lib/text/rich-tokens';
import { $feed, feedActions } from '../../lib/stores/feed';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { Composer } from './Composer';
import { ParsedTexts } from './parsed-texts';
import { PostCard } from './PostCard';
import './feed.css';

interface Props {
  initial: InitialFeed;
  viewer: MemberCard;
  isAdmin: boolean;
  renderedAt: number;
  mediaBaseUrl?: string;
  /** The first page's texts, parsed on the server (src/lib/feed/parsed-texts.ts). */
  parsed?: Record<string, RichToken[]>;
}

const NONE: Record<string, RichToken[]> = {};

function FeedScreen({ initial, viewer, isAdmin, renderedAt, mediaBaseUrl, parsed = NONE }: Props) {
  // The first render is the server's: the store is filled before it reads.
  useState(() => feedActions.hydrate(initial));
  const state = useStore($feed);
  const [now, setNow] = useState(renderedAt);
  const sentinel = useRef<HTMLDivElement>(null);
  const posts = visiblePosts(state);
  const { group, hashtag } = state.filters;
  const more = hasMore(state);

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void feedActions.loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, state.page]);

  return (
    <ParsedTexts.Provider value={parsed}>
      <MediaBaseProvider base={mediaBaseUrl}>
        <div className="fd-root">
          <nav className="fd-groups" aria-label="Feed groups">
            <ul>
              <li>
                <a href={feedHref({ group: null, hashtag })} aria-current={group === null ? 'page' : undefined}>
                  All
                </a>
              </li>
              {state.groups.map((item) => (
                <li key={item.key}>
                  <a href={feedHref({ group: item.key, hashtag })} aria-current={group === item.key ? 'page' : undefined} title={item.description ?? undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {hashtag && (
            <p className="fd-filter" role="status">
              Posts tagged <strong>#{hashtag}</strong>
              <a className="btn btn-ghost btn-sm" href={feedHref({ group, hashtag: null })}>
                Clear<span className="visually-hidden"> the hashtag filter</span>
              </a>
            </p>
          )}
          <Composer key={group ?? ''} viewer={viewer} groups={state.groups} group={group} />
          <h2 className="visually-hidden">Posts</h2>
          {state.status === 'error' && (
            <div className="alert alert-error fd-error" role="alert">
              <p>
                {state.error ?? 'The feed could not be loaded.'}
                {posts.length > 0 && ' Showing the posts saved on this device.'}
              </p>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => void feedActions.load(state.filters)}>
                Try again
              </button>
            </div>
          )}
          {state.status === 'loading' && (
            <div className="fd-skeletons" aria-busy="true" aria-label="Loading posts">
              {[0, 1, 2].map((index) => (
                <div key={index} className="card fd-skeleton" />
              ))}
            </div>
          )}
          {state.status !== 'loading' && state.status !== 'error' && posts.length === 0 && (
            <div className="card fd-empty">
              <h3>{hashtag ? `No posts tagged #${hashtag} yet` : group ? 'Nothing in this group yet' : 'The feed is quiet'}</h3>
              <p className="muted">Be the first: share an update, ask a question or start a poll.</p>
            </div>
          )}
          <ol className="fd-list">
            {posts.map((post) => (
              <li key={post._id}>
                <PostCard post={post} busy={Boolean(state.busy[post._id])} viewer={viewer} isAdmin={isAdmin} groups={state.groups} now={now} />
              </li>
            ))}
          </ol>
          <div ref={sentinel} className="fd-more">
            {(more || state.status === 'loading-more') && (
              <button type="button" className="btn btn-secondary" disabled={state.status === 'loading-more'} onClick={() => void feedActions.loadMore()}>
                {state.status === 'loading-more' ? 'Loading…' : 'Load more posts'}
              </button>
            )}
            {!more && state.status === 'ready' && posts.length > 0 && <p className="muted small">You're all caught up.</p>}
          </div>
        </div>
      </MediaBaseProvider>
    </ParsedTexts.Provider>
  );
}

export default withErrorBoundary(FeedScreen);
