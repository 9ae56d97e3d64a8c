/**
 * The connections screen (/connections): tabs for received and sent requests,
 * connections, suggestions and blocked members, each listing in place with optimistic
 * actions. The page renders the chosen tab on the server and hands it over as `initial`.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { REQUESTS_COUNT_EVENT } from '../../lib/connections/requests-live';
import { stateFromInitial, type ConnectionsState, type InitialConnections } from '../../lib/connections/state';
import { addressFor, TABS, type TabKey } from '../../lib/connections/tabs';
import { $connections, connectionsActions } from '../../lib/stores/connections';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { ConnectionsTabs, panelId, tabId } from './ConnectionsTabs';
import { DialogsProvider } from '../ui/dialogs';
import { TabContent } from './TabContent';
import { useNow } from '../ui/use-now';
import { MediaBaseProvider } from '../ui/media-base';
import './connections.css';

interface Props {
  initial: InitialConnections;
  /** When the server rendered the page (ms), so relative times match on hydration. */
  renderedAt: number;
  /** MEDIA_BASE_URL, for the members' pictures. */
  mediaBaseUrl?: string;
}

/** The page data this browser tab last started from; a remount after an error keeps the live state. */
let hydratedFrom: InitialConnections | null = null;

/**
 * The state to render: on the server, built from the props alone (the store is shared by
 * every request the worker serves); in the browser, `$connections`, filled from the same
 * props before the first render so hydration matches.
 */
function useConnectionsState(initial: InitialConnections): ConnectionsState {
  const onServer = typeof window === 'undefined';
  if (!onServer && hydratedFrom !== initial) {
    hydratedFrom = initial;
    connectionsActions.hydrate(initial);
  }
  const live = useStore($connections);
  const [serverState] = useState(() => (onServer ? stateFromInitial(initial) : null));
  return serverState ?? live;
}

function ConnectionsScreen({ initial, renderedAt, mediaBaseUrl }: Props) {
  const state = useConnectionsState(initial);
  const [tab, setTab] = useState<TabKey>(initial.tab);
  const { now, mounted } = useNow(renderedAt);
  const panels = useRef<Partial<Record<TabKey, HTMLDivElement | null>>>({});

  const firstTab = useRef(true);
  useEffect(() => {
    if (firstTab.current) {
      // The server rendered this tab a moment ago (or could not: then this loads it).
      firstTab.current = false;
      void connectionsActions.loadList(tab);
      return;
    }
    // Back on a tab: requests may have arrived meanwhile.
    void connectionsActions.loadList(tab, { revalidate: true });
    void connectionsActions.refreshCounts();
  }, [tab]);

  // A live change of the counts (a request arrived or was withdrawn, answered in another tab,
  // or the other side accepted one the member sent): the tabs' counts and the list shown follow.
  const tabRef = useRef(tab);
  tabRef.current = tab;
  useEffect(() => {
    const follow = () => {
      void connectionsActions.refreshCounts();
      const shown = tabRef.current;
      if (shown === 'received' || shown === 'sent' || shown === 'connections') void connectionsActions.loadList(shown, { revalidate: true });
    };
    document.addEventListener(REQUESTS_COUNT_EVENT, follow);
    return () => document.removeEventListener(REQUESTS_COUNT_EVENT, follow);
  }, []);

  const select = (next: TabKey) => {
    setTab(next);
    history.replaceState(history.state, '', addressFor(new URL(location.href), next));
  };

  /** From an empty state's button: the new tab, with focus on its panel. */
  const goTo = (next: TabKey) => {
    select(next);
    requestAnimationFrame(() => panels.current[next]?.focus());
  };

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <DialogsProvider fallbackFocus={() => panels.current[tab] ?? null}>
        <div className="cx-screen">
          <ConnectionsTabs selected={tab} counts={state.counts} onSelect={select} />
          {TABS.map(({ key }) => (
            <div
              key={key}
              ref={(element) => {
                panels.current[key] = element;
              }}
              id={panelId(key)}
              role="tabpanel"
              aria-labelledby={tabId(key)}
              aria-busy={state.lists[key].status === 'loading' || undefined}
              tabIndex={0}
              hidden={key !== tab}
              className="cx-panel"
            >
              {key === tab && <TabContent tab={key} state={state} now={now} mounted={mounted} onSelectTab={goTo} />}
            </div>
          ))}
        </div>
      </DialogsProvider>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(ConnectionsScreen);
