/** The NotificationStores port backed by one MemberNotifications object per member (named by the user id). */
import type { NotificationBox, NotificationStores } from '../ports/notifications';
import type { MemberNotifications } from './notifications-object';

export function notificationsBinding(namespace: DurableObjectNamespace<MemberNotifications>): NotificationStores {
  return {
    of(userId) {
      // The stub's RPC methods answer promises of the object's plain JSON results.
      return namespace.get(namespace.idFromName(userId)) as unknown as NotificationBox;
    },
  };
}
