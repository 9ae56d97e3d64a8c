/** The ProfileViewStores port backed by one MemberProfileViews object per member (named by the user id). */
import type { ProfileViewBox, ProfileViewStores } from '../deps';
import type { MemberProfileViews } from './views-store';

export function durableObjectProfileViews(namespace: DurableObjectNamespace<MemberProfileViews>): ProfileViewStores {
  return {
    of(userId) {
      // The stub's RPC methods answer promises of the object's plain JSON results.
      return namespace.get(namespace.idFromName(userId)) as unknown as ProfileViewBox;
    },
  };
}
