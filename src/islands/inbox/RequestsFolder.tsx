/**
 * The inbox's Requests folder (/inbox?folder=requests): message requests from members the
 * viewer is not connected with. Each can be accepted (its conversation opens), declined,
 * or its sender blocked and reported (the connections' report form). Text is rendered as
 * text by React, so a sender's markup is shown, never run.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { MessageRequest, MessageRequestPage } from '@api/message-requests/schemas';
import { inboxAddress } from '../../lib/inbox/paths';
import { profilePath } from '../../lib/members/paths';
import { $messageRequests, requestActions } from '../../lib/stores/message-requests';
import { useMemberDialogs } from '../connections/member-dialogs';
import { Avatar } from '../ui/Avatar';
import { DialogsProvider } from '../ui/dialogs';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { PremiumBadge } from '../ui/PremiumBadge';
import './inbox.css';

interface Props {
  initial: MessageRequestPage;
  mediaBaseUrl?: string;
}

function RequestItem({ request }: { request: MessageRequest }) {
  const dialogs = useMemberDialogs();
  const { sender } = request;
  const accept = async () => {
    const thread = await requestActions.accept(request._id);
    if (thread) location.assign(inboxAddress(thread._id, 'all'));
  };
  const blockAndReport = async () => {
    const sure = await dialogs.confirm({
      title: `Block ${sender.name}?`,
      body: 'They will not be able to find you or contact you. You can report them next.',
      confirmLabel: 'Block',
      danger: true,
    });
    if (!sure) return;
    if (await requestActions.blockSender(request)) await dialogs.report(sender);
  };
  const headingId = `request-${request._id}`;
  return (
    <li className="mr-item" aria-labelledby={headingId}>
      <Avatar member={sender} />
      <div className="mr-body">
        <h2 className="mr-name" id={headingId}>
          <a href={profilePath(sender.memberType, sender.slug)}>{sender.name}</a> <PremiumBadge premium={sender.premium} />
        </h2>
        {sender.tagline && <p className="muted small">{sender.tagline}</p>}
        <p className="mr-text">{request.body}</p>
        <p className="muted small">
          <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' })}</time>
        </p>
        <div className="cluster">
          <button type="button" className="btn btn-primary" onClick={accept}>
            Accept
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => requestActions.decline(request._id)}>
            Decline
          </button>
          <button type="button" className="btn btn-ghost" onClick={blockAndReport}>
            Block and report
          </button>
        </div>
      </div>
    </li>
  );
}

function RequestsFolder({ initial, mediaBaseUrl }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    requestActions.hydrate(initial);
    setHydrated(true);
  }, [initial]);
  const live = useStore($messageRequests);
  const items = hydrated ? live.items : initial.data;
  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <DialogsProvider>
        {items.length === 0 ? (
          <div className="mr-empty">
            <h2>No message requests</h2>
            <p className="muted">When a member you are not connected with writes to you, their message waits here until you accept or decline it.</p>
            <p className="muted small">
              Rather not get any? Turn message requests off in your{' '}
              <a className="link" href="/settings/privacy">
                privacy settings
              </a>
              .
            </p>
          </div>
        ) : (
          <ul className="mr-list" aria-label="Message requests" data-requests-folder>
            {items.map((request) => (
              <RequestItem key={request._id} request={request} />
            ))}
          </ul>
        )}
      </DialogsProvider>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(RequestsFolder);
