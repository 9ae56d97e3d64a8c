/**
 * The buttons for the relation with one member: Connect (with an optional note) ·
 * Pending + Withdraw · Accept + Ignore · Connected + Remove (confirmed) · Unblock.
 * Connected members also get Message (a link to the inbox).
 */
import { useLayoutEffect, useRef } from 'react';
import type { RelationEntry } from '../../lib/connections/state';
import type { MemberCard } from '../../lib/connections/types';
import { connectionsActions } from '../../lib/stores/connections';
import { useMemberDialogs } from './member-dialogs';
import { MessageLink } from './MessageLink';

interface Props {
  memberId: string;
  entry: RelationEntry | undefined;
  busy: boolean;
}

/** The removal confirmation, shared by the Connections tab and the profile button. */
export function removeConfirmation(member: MemberCard) {
  return {
    title: `Remove ${member.name}?`,
    body: `You will no longer be connected. ${member.name} is not told, and either of you can ask to connect again later.`,
    confirmLabel: 'Remove connection',
    danger: true,
  };
}

/**
 * The buttons, in a wrapper that keeps keyboard focus: when the control that had focus
 * gives way to the next state's (Connect → Withdraw), focus moves to the new first button
 * instead of falling back to the page.
 */
export function RelationButtons(props: Props) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const focusedInside = useRef(false);
  const state = props.entry?.relation?.state;

  useLayoutEffect(() => {
    const active = document.activeElement;
    if (focusedInside.current && (!active || active === document.body)) {
      wrapper.current?.querySelector<HTMLElement>('button')?.focus();
    }
  }, [state]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus and blur bubble up from the buttons inside; the wrapper only follows where focus is
    <span
      ref={wrapper}
      className="cx-relation"
      onFocus={() => {
        focusedInside.current = true;
      }}
      onBlur={(event) => {
        focusedInside.current = wrapper.current?.contains(event.relatedTarget as Node | null) ?? false;
      }}
    >
      <RelationControls {...props} />
    </span>
  );
}

function RelationControls({ memberId, entry, busy }: Props) {
  const dialogs = useMemberDialogs();
  const wait = busy || undefined;

  if (!entry || (entry.status === 'loading' && !entry.relation)) {
    return (
      <span className="cx-action-placeholder" role="status">
        <span className="visually-hidden">Loading connection status</span>
      </span>
    );
  }
  if (entry.status === 'hidden') return null;
  if (entry.status === 'error' || !entry.relation || !entry.member) {
    return (
      <>
        <span className="muted small">{entry.error ?? 'Status unavailable.'}</span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void connectionsActions.loadRelation(memberId)}>
          Try again
        </button>
      </>
    );
  }

  const { relation, member } = entry;
  const target = relation.connectionId ? { connectionId: relation.connectionId, member } : null;
  // While a request is on its way its id is unknown: the buttons wait for it.
  const guarded = (run: () => unknown) => () => {
    if (!busy) void run();
  };

  switch (relation.state) {
    case 'none':
      return (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={`Connect with ${member.name}`}
          aria-disabled={wait}
          onClick={guarded(async () => {
            const note = await dialogs.askNote(member);
            if (note !== null) await connectionsActions.connect(member, note);
          })}
        >
          Connect
        </button>
      );
    case 'pending_sent':
      return (
        <>
          <span className="cx-state">Pending</span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Withdraw request to ${member.name}`}
            aria-disabled={wait || !target || undefined}
            onClick={guarded(() => target && connectionsActions.withdraw(target))}
          >
            Withdraw
          </button>
        </>
      );
    case 'pending_received':
      return (
        <>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-label={`Accept request from ${member.name}`}
            aria-disabled={wait}
            onClick={guarded(() => target && connectionsActions.accept(target))}
          >
            Accept
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Ignore request from ${member.name}`}
            aria-disabled={wait}
            onClick={guarded(() => target && connectionsActions.ignore(target))}
          >
            Ignore
          </button>
        </>
      );
    case 'connected':
      return (
        <>
          <span className="cx-state cx-state-ok">
            <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
              <path d="M20 6 9 17l-5-5" />
            </svg>
            Connected
          </span>
          {relation.actions.includes('message') && <MessageLink member={member} />}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Remove ${member.name} from your connections`}
            aria-disabled={wait || !target || undefined}
            onClick={guarded(async () => {
              if (target && (await dialogs.confirm(removeConfirmation(member)))) await connectionsActions.remove(target);
            })}
          >
            Remove
          </button>
        </>
      );
    case 'blocked':
      return (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Unblock ${member.name}`}
          aria-disabled={wait}
          onClick={guarded(() => connectionsActions.unblock(member))}
        >
          Unblock
        </button>
      );
    default:
      return null;
  }
}
