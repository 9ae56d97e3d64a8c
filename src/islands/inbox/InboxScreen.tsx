/**
 * The inbox (/inbox): the conversation list and the open conversation, side by side from
 * 56rem wide and one at a time below (the list first; an open conversation has Back).
 * The page renders both on the server and hands them over as `initial`; the address keeps
 * `?personalInbox=` in step with the open conversation (reloads and the live connection follow it).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberCard } from '@api/members/schemas';
import { inboxAddress, THREAD_PARAM } from '../../lib/inbox/paths';
import { stateFromInitial, type InitialInbox } from '../../lib/inbox/state';
import type { InboxState } from '../../lib/inbox/types';
import { setLiveThread } from '../../lib/live/client';
import { $inbox, inboxActions } from '../../lib/stores/inbox';
import { DialogsProvider } from '../ui/dialogs';
import { useNow } from '../ui/use-now';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { ThreadList } from './ThreadList';
import { NoThread, ThreadPane } from './ThreadPane';
import './inbox.css';

interface Props {
  initial: InitialInbox;
  viewer: MemberCard;
  /** When the server rendered the page (ms), so times match on hydration. */
  renderedAt: number;
  mediaBaseUrl?: string;
}

/** The page data this tab last started from; a remount after an error keeps the live state. */
let hydratedFrom: InitialInbox | null = null;

/** On the server, the state from the props alone; in the browser, `$inbox` filled from them first. */
function useInboxState(initial: InitialInbox, viewer: MemberCard): InboxState {
  const onServer = typeof window === 'undefined';
  if (!onServer && hydratedFrom !== initial) {
    hydratedFrom = initial;
    inboxActions.hydrate(initial, viewer);
  }
  const live = useStore($inbox);
  const [serverState] = useState(() => (onServer ? stateFromInitial(initial) : null));
  return serverState ?? live;
}

/** Sets the address to `threadId` (a new history entry when `push`), keeping the router's state. */
function setAddress(threadId: string | null, push: boolean): void {
  const address = inboxAddress(threadId, $inbox.get().filter);
  if (`${location.pathname}${location.search}` === address) return;
  const shown = new URLSearchParams(location.search).get(THREAD_PARAM);
  if (push) history.pushState(history.state, '', address);
  else history.replaceState(history.state, '', address);
  if (shown !== threadId) setLiveThread(threadId);
}

function InboxScreen({ initial, viewer, renderedAt, mediaBaseUrl }: Props) {
  const state = useInboxState(initial, viewer);
  const { now, mounted } = useNow(renderedAt);
  /** Bumped when the member opens a conversation: the composer takes focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const openId = state.open?.id ?? null;

  useEffect(() => {
    // A conversation the member is looking at reads incoming messages at once; coming back to the tab reads the rest.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void inboxActions.markOpenRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // The list's filter lives in the address too, so a reload or a shared link keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new filter rewrites the address; opening or closing a conversation writes it itself (with a history entry), and the address the page loaded with stays as it was
  useEffect(() => {
    if (mounted) setAddress(openId, false);
  }, [state.filter]);

  const select = useCallback((threadId: string) => {
    setAddress(threadId, true);
    setFocusRequest((value) => value + 1);
    if ($inbox.get().open?.id !== threadId || $inbox.get().open?.status === 'error') void inboxActions.openThread(threadId);
  }, []);

  const back = useCallback(() => {
    const previous = $inbox.get().open?.id;
    inboxActions.closeThread();
    setAddress(null, false);
    requestAnimationFrame(() => {
      const row = previous ? listRef.current?.querySelector<HTMLElement>(`[data-thread-id="${previous}"]`) : null;
      (row ?? listRef.current?.querySelector<HTMLElement>('a, button'))?.focus();
    });
  }, []);

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <DialogsProvider>
        <div className="ib-screen" data-view={openId ? 'thread' : 'list'}>
          <div className="ib-list-pane" ref={listRef}>
            <ThreadList state={state} viewerId={viewer._id} now={now} mounted={mounted} onSelect={select} />
          </div>
          <div className="ib-thread-pane">
            {state.open ? (
              <ThreadPane key={state.open.id} open={state.open} viewer={viewer} now={now} mounted={mounted} focusRequest={focusRequest} onBack={back} />
            ) : (
              <NoThread hasThreads={state.users.length > 0} />
            )}
          </div>
        </div>
      </DialogsProvider>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(InboxScreen);
