/**
 * One member in a connections list: picture, name, type, tagline, a line about the
 * request or connection with its relative time, the note, the row's actions and its
 * "more" menu. When the row leaves the list while focus is inside it (accepted, ignored,
 * blocked…), focus moves on to the next row, or the previous one, or the panel.
 */
import { PremiumBadge } from '../ui/PremiumBadge';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { MEMBER_TYPE_LABEL } from '../../lib/members/display';
import { fullDate, relativeTime } from '../../lib/text/relative-time';
import type { MemberCard } from '../../lib/connections/types';
import { Avatar } from '../ui/Avatar';
import { RowMenu, type MenuItem } from '../ui/RowMenu';

export interface RowTime {
  iso: string;
  now: number;
  /** Whether the exact date may be shown (after hydration: it depends on the reader's time zone). */
  exact: boolean;
}

interface Props {
  member: MemberCard;
  /** "Sent you a request", "Connected"… shown before the time. */
  context?: string;
  time?: RowTime;
  note?: string | null;
  /** Small chips under the tagline (suggestion reasons). */
  chips?: string[];
  actions: ReactNode;
  menu?: MenuItem[];
}

/** Where focus goes when the row that held it leaves. */
function focusAfterLeaving(row: HTMLElement): void {
  const neighbour = (row.nextElementSibling ?? row.previousElementSibling) as HTMLElement | null;
  const panel = row.closest<HTMLElement>('[role="tabpanel"]');
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const target = neighbour?.isConnected ? neighbour.querySelector<HTMLElement>('.cx-row-actions button') : null;
    (target ?? panel)?.focus();
  });
}

export function MemberRow({ member, context, time, note, chips, actions, menu }: Props) {
  const row = useRef<HTMLLIElement>(null);
  const nameId = useId();

  useLayoutEffect(() => {
    const element = row.current;
    return () => {
      if (element?.contains(document.activeElement)) focusAfterLeaving(element);
    };
  }, []);

  return (
    <li ref={row} className="cx-row">
      <Avatar member={member} />
      <div className="cx-row-main">
        <div className="cx-row-heading">
          <h3 id={nameId} className="cx-name">
            {member.name} <PremiumBadge premium={member.premium} />
          </h3>
          <span className={member.memberType === 'advisor' ? 'badge badge-accent' : 'badge'}>{MEMBER_TYPE_LABEL[member.memberType]}</span>
        </div>
        {member.tagline && <p className="cx-tagline">{member.tagline}</p>}
        {chips && chips.length > 0 && (
          <ul className="cx-chips" aria-label="Why we suggest them">
            {chips.map((chip) => (
              <li key={chip} className="cx-chip">
                {chip}
              </li>
            ))}
          </ul>
        )}
        {(context || time) && (
          <p className="cx-meta">
            {context}
            {context && time && <span aria-hidden="true"> · </span>}
            {time && (
              <time dateTime={time.iso} title={time.exact ? fullDate(time.iso) : undefined}>
                {relativeTime(time.iso, time.now)}
              </time>
            )}
          </p>
        )}
        {note && (
          <blockquote className="cx-note">
            <p>{note}</p>
          </blockquote>
        )}
      </div>
      <div className="cx-row-actions">
        {actions}
        {menu && menu.length > 0 && <RowMenu label={`More actions for ${member.name}`} items={menu} />}
      </div>
    </li>
  );
}
