/**
 * "Message request" on another member's profile: a Premium viewer writes a first message
 * without a connection in a dialog with room, a counter near the limit and the allowance left
 * (it waits in the member's Requests folder); a free viewer sees what
 * Premium would allow and a link to the plans. The API's refusals (connected already,
 * requests turned off, allowance used up and when it renews) are shown as they come.
 * Either shows only once the relation is known and the two are not connected (connected
 * members have the Message link; blocks hide both): `requestOffer` decides, over the
 * relation the profile's ConnectionAction loads into `$connections`.
 */
import { useStore } from '@nanostores/react';
import { REQUEST_BODY_MAX } from '@api/shared/message-request-messages';
import type { RequestAllowance } from '@api/message-requests/schemas';
import { useEffect, useId, useState } from 'react';
import { api, data } from '../../lib/api/client';
import { requestOffer } from '../../lib/premium/request-offer';
import { $connections } from '../../lib/stores/connections';
import { sendMessageRequest } from '../../lib/stores/message-requests';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';
import { Dialog } from '../ui/Dialog';
import { withErrorBoundary } from '../ui/ErrorBoundary';

interface Props {
  memberId: string;
  memberName: string;
  viewerPremium: boolean;
}

type SendState = { kind: 'idle' | 'sending' } | { kind: 'sent'; remaining: number } | { kind: 'error'; message: string };

/** `12 left this month, renewing on 2026-12-01`, from the allowance the API reports. */
function allowanceText(allowance: RequestAllowance): string {
  const renews = new Date(allowance.renewsAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return `You have ${allowance.remaining} of ${allowance.allowance} message requests left this month; they renew on ${renews}.`;
}

function MessageRequestButton({ memberId, memberName, viewerPremium }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const [allowance, setAllowance] = useState<RequestAllowance | null>(null);
  const fieldId = useId();
  const [mounted, setMounted] = useState(false);
  const relations = useStore($connections).relations;
  // Asked by a profile id, the live relation is the one under the member's user id (as ConnectionAction reads it).
  const asked = relations[memberId];
  const entry = (asked?.member && relations[asked.member._id]) || asked;
  useEffect(() => setMounted(true), []);
  // The allowance left is read when the dialog opens, so the member knows before writing.
  useEffect(() => {
    if (!open) return;
    let current = true;
    data(api['message-requests'].allowance.$get())
      .then((value) => current && setAllowance(value))
      .catch(() => current && setAllowance(null));
    return () => {
      current = false;
    };
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
  const length = text.trim().length;
  const tooLong = overLimitReason('message', length, REQUEST_BODY_MAX);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    // Never cut and sent: text over the limit stays in the box with the reason.
    if (tooLong) {
      setState({ kind: 'error', message: tooLong });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const sent = await sendMessageRequest(memberId, text);
      setOpen(false);
      setState({ kind: 'sent', remaining: sent.allowance.remaining });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : 'Something went wrong' });
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        Message request
      </button>
      <Dialog
        open={open}
        title={`Message request to ${memberName}`}
        description={`You are not connected yet: ${memberName} finds your message in their Requests and chooses whether to reply.`}
        onClosed={() => setOpen(false)}
      >
        <form className="form" onSubmit={send} data-request-form>
          <div className="field">
            <label htmlFor={fieldId}>Your message to {memberName}</label>
            <textarea
              id={fieldId}
              className="input"
              rows={8}
              required
              value={text}
              aria-invalid={tooLong ? true : undefined}
              aria-describedby={`${fieldId}-count ${fieldId}-allowance`}
              onChange={(event) => {
                setText(event.target.value);
                if (state.kind === 'error') setState({ kind: 'idle' });
              }}
              data-autofocus
            />
            <CharacterCount id={`${fieldId}-count`} length={length} max={REQUEST_BODY_MAX} />
            <p id={`${fieldId}-allowance`} className="hint" data-request-allowance>
              {allowance ? allowanceText(allowance) : ''}
            </p>
          </div>
          {state.kind === 'error' && (
            <p className="alert alert-error" role="alert">
              {state.message}
            </p>
          )}
          <div className="ui-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={state.kind === 'sending' || length === 0}>
              Send message request
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

export default withErrorBoundary(MessageRequestButton);
