/** The InboxStores port backed by one MemberInbox object per member (named by the user id). */
import type { InboxBox, InboxStores } from '../mailboxes';
import type { MemberInbox } from './mailbox';

export function durableObjectInbox(namespace: DurableObjectNamespace<MemberInbox>): InboxStores {
  return {
    of(userId) {
      // The stub's RPC methods answer promises of the object's plain JSON results.
      return namespace.get(namespace.idFromName(userId)) as unknown as InboxBox;
    },
  };
}
