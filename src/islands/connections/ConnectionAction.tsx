/**
 * The connection button for one member, for any page that shows a member (profile pages
 * mount it with `client:visible`): it asks GET /founder/connection-status/{id} once it is
 * on screen and offers what the relation allows. Shares `$connections` with the
 * connections screen, so both stay in step.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $connections, connectionsActions } from '../../lib/stores/connections';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { DialogsProvider } from '../ui/dialogs';
import { RelationButtons } from './RelationButtons';
import { MediaBaseProvider } from '../ui/media-base';
import './connections.css';

interface Props {
  /** The member's user id (a founder profile or advisor id works too). */
  memberId: string;
  /** MEDIA_BASE_URL, for the member's picture in dialogs. */
  mediaBaseUrl?: string;
}

function ConnectionAction({ memberId, mediaBaseUrl }: Props) {
  const state = useStore($connections);
  const [mounted, setMounted] = useState(false);
  // Asked by a profile id, the live relation is the one under the member's user id.
  const asked = state.relations[memberId];
  const entry = (asked?.member && state.relations[asked.member._id]) || asked;

  useEffect(() => {
    setMounted(true);
    if (!$connections.get().relations[memberId]) void connectionsActions.loadRelation(memberId);
  }, [memberId]);

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <div className="cx-action">
        <DialogsProvider>
          {/* The server and the first render show the placeholder, whatever the store holds. */}
          <RelationButtons memberId={memberId} entry={mounted ? entry : undefined} busy={Boolean(state.busy[entry?.member?._id ?? memberId])} />
        </DialogsProvider>
      </div>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(ConnectionAction);
