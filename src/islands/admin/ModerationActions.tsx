/**
 * The actions on one moderation queue item: Dismiss, Remove (posts, comments and reviews), Warn,
 * Suspend, or Unsuspend for a suspended member. Each opens a confirmation dialog holding a
 * plain form that posts to the queue page (src/pages/admin/reports.astro), which calls the
 * API and comes back with the outcome; a reason is asked where the member is told one.
 */
import { useId, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';

export type ModerationOp = 'dismiss' | 'remove' | 'warn' | 'suspend' | 'unsuspend';

interface Props {
  targetType: 'member' | 'post' | 'comment' | 'message' | 'review';
  targetId: string;
  /** The member behind the item (null: the account is gone). */
  memberId: string | null;
  memberName: string;
  /** What the item is, in words: "the post by Ada Lovelace". */
  subject: string;
  /** open: the item's reports wait; handled: only Unsuspend, when the member is suspended. */
  state: 'open' | 'handled';
  suspended: boolean;
}

const PERIODS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'forever', label: 'For good' },
] as const;

type Step = { op: ModerationOp; title: string; description: string; confirm: string; danger: boolean; reason: 'required' | 'optional' };

function steps({ targetType, memberName, subject, state, suspended, memberId }: Props): Step[] {
  const removable = targetType === 'post' || targetType === 'comment' || targetType === 'review';
  const kind = targetType === 'post' || targetType === 'review' ? targetType : 'comment';
  const list: Step[] = [];
  if (state === 'open') {
    list.push({
      op: 'dismiss',
      title: `Dismiss the reports of ${subject}?`,
      description: 'Nothing happens to the member; the reports leave the queue.',
      confirm: 'Dismiss reports',
      danger: false,
      reason: 'optional',
    });
    if (removable)
      list.push({
        op: 'remove',
        title: `Remove ${subject}?`,
        description:
          kind === 'review'
            ? `The review is hidden from the profile and its rating counts no more; ${memberName} is told why. This cannot be undone.`
            : `The ${kind} is deleted for everyone and ${memberName} is told why. This cannot be undone.`,
        confirm: `Remove ${kind}`,
        danger: true,
        reason: 'required',
      });
    if (memberId)
      list.push({
        op: 'warn',
        title: `Warn ${memberName}?`,
        description: `${memberName} gets a notice with your reason; the reports leave the queue.`,
        confirm: 'Send warning',
        danger: false,
        reason: 'required',
      });
  }
  if (memberId && !suspended)
    list.push({
      op: 'suspend',
      title: `Suspend ${memberName}?`,
      description: `${memberName} is signed out everywhere at once and cannot sign in until the end; they are told why.`,
      confirm: 'Suspend',
      danger: true,
      reason: 'required',
    });
  if (memberId && suspended)
    list.push({ op: 'unsuspend', title: `Unsuspend ${memberName}?`, description: `${memberName} can sign in again.`, confirm: 'Unsuspend', danger: false, reason: 'optional' });
  return list;
}

/** The longest reason or note the API takes (REASON_MAX_LENGTH in functions/src/moderation/schemas.ts). */
const REASON_MAX = 1000;

/** The reason box: counted near the limit; over it, the form is not sent and says why (the text is kept). */
function ReasonField({ id, required }: { id: string; required: boolean }) {
  const [reason, setReason] = useState('');
  const tooLong = overLimitReason('reason', reason.trim().length, REASON_MAX);
  return (
    <>
      <textarea
        id={id}
        name="reason"
        rows={3}
        required={required}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={`${id}-count`}
        // The browser's own check refuses the form while the reason is over the limit, with the same words.
        ref={(box) => box?.setCustomValidity(tooLong ?? '')}
        data-autofocus
      />
      <CharacterCount id={`${id}-count`} length={reason.trim().length} max={REASON_MAX} />
    </>
  );
}

const LABEL: Record<ModerationOp, string> = { dismiss: 'Dismiss', remove: 'Remove', warn: 'Warn', suspend: 'Suspend', unsuspend: 'Unsuspend' };

function ModerationActions(props: Props) {
  const [open, setOpen] = useState<Step | null>(null);
  const [visible, setVisible] = useState(false);
  const id = useId();
  const available = steps(props);
  if (available.length === 0) return null;
  return (
    <div className="mod-actions">
      {available.map((step) => (
        <button
          key={step.op}
          type="button"
          className={step.danger ? 'btn btn-danger btn-sm' : 'btn btn-secondary btn-sm'}
          aria-label={`${LABEL[step.op]}: ${step.op === 'dismiss' || step.op === 'remove' ? props.subject : props.memberName}`}
          onClick={() => {
            setOpen(step);
            setVisible(true);
          }}
        >
          {LABEL[step.op]}
        </button>
      ))}
      {open && (
        <Dialog open={visible} title={open.title} description={open.description} onClosed={() => setOpen(null)}>
          <form method="post" className="form">
            <input type="hidden" name="op" value={open.op} />
            <input type="hidden" name="targetType" value={props.targetType} />
            <input type="hidden" name="targetId" value={props.targetId} />
            <input type="hidden" name="memberId" value={props.memberId ?? ''} />
            {open.op === 'suspend' && (
              <div className="field">
                <label htmlFor={`${id}-period`}>How long</label>
                <select id={`${id}-period`} name="period" defaultValue="7">
                  {PERIODS.map((period) => (
                    <option key={period.value} value={period.value}>
                      {period.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label htmlFor={`${id}-reason`}>
                {open.reason === 'required' ? 'Reason (the member reads it)' : 'Note'}
                {open.reason === 'optional' && <span className="muted"> (optional)</span>}
              </label>
              <ReasonField id={`${id}-reason`} required={open.reason === 'required'} />
            </div>
            <div className="ui-dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={() => setVisible(false)}>
                Cancel
              </button>
              <button type="submit" className={open.danger ? 'btn btn-danger' : 'btn btn-primary'}>
                {open.confirm}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}

export default withErrorBoundary(ModerationActions);
