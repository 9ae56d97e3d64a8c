/**
 * What a tab shows for its list: skeleton rows while it loads, the error with a retry,
 * an empty state that says what to do, or the rows with "Load more".
 */
import { Fragment, type ReactNode } from 'react';
import { hasMore, type ListState } from '../../lib/connections/list';
import { PAGE_SIZE } from '../../lib/connections/paths';

export interface EmptyState {
  title: string;
  body: string;
  action?: { label: string; onClick: () => void };
}

interface Props<T> {
  list: ListState<T>;
  heading: string;
  empty: EmptyState;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onRetry: () => void;
  /** Absent for lists that come in one go. */
  onMore?: () => void;
  /** "request" / "requests", for "Showing 10 of 23 requests". */
  noun: readonly [string, string];
}

function Skeleton() {
  return (
    <div className="cx-skeleton" role="status">
      <span className="visually-hidden">Loading…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="cx-skeleton-row" aria-hidden="true">
          <span className="cx-skeleton-avatar" />
          <span className="cx-skeleton-lines">
            <span className="cx-skeleton-line" style={{ width: '40%' }} />
            <span className="cx-skeleton-line" style={{ width: '70%' }} />
          </span>
        </div>
      ))}
    </div>
  );
}

export function ListPanel<T>({ list, heading, empty, keyOf, renderItem, onRetry, onMore, noun }: Props<T>) {
  let body: ReactNode;
  if (list.status === 'idle' || list.status === 'loading') {
    body = <Skeleton />;
  } else if (list.status === 'error') {
    body = (
      <div className="cx-problem alert alert-error" role="alert">
        <p>{list.error ?? 'This list could not be loaded.'}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = (
      <div className="cx-empty">
        <h3 className="cx-empty-title">{empty.title}</h3>
        <p className="muted">{empty.body}</p>
        {empty.action && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={empty.action.onClick}>
            {empty.action.label}
          </button>
        )}
      </div>
    );
  } else {
    const loadingMore = list.status === 'loading-more';
    body = (
      <>
        <ul className="cx-list" role="list">
          {list.items.map((item) => (
            <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
          ))}
        </ul>
        {onMore && (hasMore(list) || list.items.length > PAGE_SIZE) && (
          <div className="cx-more">
            <p className="muted small" aria-live="polite">
              Showing {list.items.length} of {list.total} {list.total === 1 ? noun[0] : noun[1]}
            </p>
            {hasMore(list) && (
              <button type="button" className="btn btn-secondary" onClick={onMore} aria-disabled={loadingMore || undefined}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        )}
      </>
    );
  }
  return (
    <>
      <h2 className="visually-hidden">{heading}</h2>
      {body}
    </>
  );
}
