/** The ProfileViewStores port backed by one MemberProfileViews object per member (named by the user id). */
import type { ProfileViewBox, ProfileViewStores } from '../ports/profile-views';
import type { MemberProfileViews } from './profile-views-object';

export function profileViewsBinding(namespace: DurableObjectNamespace<MemberProfileViews>): ProfileViewStores {
  return {
    of(userId) {
      // The stub's RPC methods answer promises of the object's plain JSON results.
      return namespace.get(namespace.idFromName(userId)) as unknown as ProfileViewBox;
    },
  };
}
