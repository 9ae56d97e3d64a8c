/** The InboxStores port backed by one MemberInbox object per member (named by the user id). */
import type { InboxBox, InboxStores } from '../ports/inbox';
import type { MemberInbox } from './inbox-object';

export function inboxBinding(namespace: DurableObjectNamespace<MemberInbox>): InboxStores {
  return {
    of(userId) {
      // The stub's RPC methods answer promises of the object's plain JSON results.
      return namespace.get(namespace.idFromName(userId)) as unknown as InboxBox;
    },
  };
}
