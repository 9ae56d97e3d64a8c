/**
 * "Message request" on another member's profile: a Premium viewer writes a first message
 * without a connection (it waits in the member's Requests folder); a free viewer sees what
 * Premium would allow and a link to the plans. The API's refusals (connected already,
 * requests turned off, allowance used up and when it renews) are shown as they come.
 * Either shows only once the relation is known and the two are not connected (connected
 * members have the Message link; blocks hide both): `requestOffer` decides, over the
 * relation the profile's ConnectionAction loads into `$connections`.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { requestOffer } from '../../lib/premium/request-offer';
import { $connections } from '../../lib/stores/connections';
import { sendMessageRequest } from '../../lib/stores/message-requests';
import { withErrorBoundary } from '../ui/ErrorBoundary';

interface Props {
  memberId: string;
  memberName: string;
  viewerPremium: boolean;
}

function MessageRequestButton({ memberId, memberName, viewerPremium }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent'; remaining: number } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState(false);
  const relations = useStore($connections).relations;
  // Asked by a profile id, the live relation is the one under the member's user id (as ConnectionAction reads it).
  const asked = relations[memberId];
  const entry = (asked?.member && relations[asked.member._id]) || asked;
  useEffect(() => setMounted(true), []);
  const cancelled = useRef(false);
  // Keyboard focus follows the form: into its field when it opens, back to the button when cancelled.
  useEffect(() => {
    if (open) field.current?.focus();
    else if (cancelled.current) {
      cancelled.current = false;
      opener.current?.focus();
    }
  }, [open]);
  const offer = mounted ? requestOffer(entry, viewerPremium) : 'none';
  // A request already sent stays confirmed even if the relation changes after it.
  if (offer === 'none' && state.kind !== 'sent') return null;
  if (offer === 'upsell') {
    return (
      <p className="small muted" data-request-upsell>
        Not connected? With Premium you can send {memberName} a message request.{' '}
        <a className="link" href="/premium">
          See Premium plans
        </a>
      </p>
    );
  }
  if (state.kind === 'sent') {
    return (
      <p className="small" role="status">
        Request sent. {memberName} will find it in their Requests. You have {state.remaining} left this month.
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" ref={opener} className="btn btn-secondary" onClick={() => setOpen(true)}>
        Message request
      </button>
    );
  }
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const sent = await sendMessageRequest(memberId, text);
      setState({ kind: 'sent', remaining: sent.allowance.remaining });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : 'Something went to wrong' });
    }
  };
  return (
    <form className="stack" onSubmit={send} data-request-form>
      <label htmlFor={fieldId}>Your message to {memberName}</label>
      <textarea ref={field} id={fieldId} className="input" rows={4} maxLength={2000} required value={text} onChange={(event) => setText(event.target.value)} />
      {state.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      <div className="cluster">
        <button type="submit" className="btn btn-primary" disabled={state.kind === 'sending' || !text.trim()}>
          Send request
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            cancelled.current = true;
            setOpen(false);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

export default withErrorBoundary(MessageRequestButton);
