/**
 * The count on the inbox's Requests tab: the server renders the figure, and the island
 * keeps it current from `$messageRequests`, which a live `message.requested` notification
 * reloads (src/lib/live/wiring.ts) and which answering a request lowers.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $messageRequests, requestActions } from '../../lib/stores/message-requests';
import { withErrorBoundary } from '../ui/ErrorBoundary';

function RequestsCount({ initial }: { initial: number }) {
  const [hydrated, setHydrated] = useState(false);
  const live = useStore($messageRequests);
  useEffect(() => {
    // The folder, when shown, hydrates the same figure with its items.
    if (!$messageRequests.get().followed) requestActions.hydrateCount(initial);
    setHydrated(true);
  }, [initial]);
  const total = hydrated ? live.total : initial;
  if (total <= 0) return null;
  return (
    <span className="badge" data-requests-count>
      {total}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}

export default withErrorBoundary(RequestsCount);
