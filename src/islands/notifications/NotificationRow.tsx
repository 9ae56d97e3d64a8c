/**
 * One notification as the bell and the page show it: who (picture, or the kind's icon for
 * account notices), the title, the body as plain text, when, and whether it is unseen.
 * Activating it marks it seen and opens its link. Member text is React text, never HTML.
 */
import { fullDate, relativeTime } from '../../lib/text/relative-time';
import { avatarUrl, nameInitials } from '../../lib/members/display';
import { kindDisplay, notificationHref } from '../../lib/notifications/kinds';
import type { Notification } from '../../lib/notifications/types';
import { useMediaBase } from '../ui/media-base';
import { KindIcon } from './KindIcon';

function Picture({ notification, size }: { notification: Notification; size: number }) {
  const base = useMediaBase();
  const sender = notification.userSender?.profile;
  const { icon } = kindDisplay(notification.kind);
  const style = { width: size, height: size };
  if (!sender) {
    return (
      <span className="nt-avatar nt-avatar-icon" style={style} aria-hidden="true">
        <KindIcon name={icon} />
      </span>
    );
  }
  const url = avatarUrl(sender, base);
  return (
    <span className="nt-avatar-wrap" style={style}>
      {url ? (
        <img className="nt-avatar" src={url} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} />
      ) : (
        <span className="nt-avatar nt-avatar-initials" style={style} aria-hidden="true">
          {nameInitials(sender.name)}
        </span>
      )}
      <span className="nt-kind-badge" aria-hidden="true">
        <KindIcon name={icon} />
      </span>
    </span>
  );
}

interface RowProps {
  notification: Notification;
  now: number;
  /** The bell's rows are compact (two lines of body at most). */
  compact?: boolean;
  onOpen: (notification: Notification) => void;
}

/** The row's link: marks the notification seen and follows its link (docs/product.md#notifications). */
export function NotificationRow({ notification, now, compact = false, onOpen }: RowProps) {
  const { label } = kindDisplay(notification.kind);
  const sender = notification.userSender?.profile.name;
  const unseen = !notification.isSeen;
  return (
    <a
      className="nt-row"
      href={notificationHref(notification.link)}
      data-unseen={unseen ? '' : undefined}
      data-compact={compact ? '' : undefined}
      data-notification-row
      onClick={() => onOpen(notification)}
    >
      <Picture notification={notification} size={compact ? 36 : 44} />
      <span className="nt-row-main">
        <span className="nt-row-title">
          {unseen && <span className="visually-hidden">Unread: </span>}
          {notification.title}
        </span>
        {notification.body && <span className="nt-row-body">{notification.body}</span>}
        <span className="nt-row-meta">
          <span>{label}</span>
          {sender && <span className="nt-row-sender"> · {sender}</span>}
          {' · '}
          <time dateTime={notification.createdAt} title={fullDate(notification.createdAt)}>
            {relativeTime(notification.createdAt, now)}
          </time>
        </span>
      </span>
      {unseen && <span className="nt-dot" aria-hidden="true" />}
    </a>
  );
}
