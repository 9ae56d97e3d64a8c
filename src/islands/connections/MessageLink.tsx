/**
 * "Message" for a connected member: a link to `/inbox?with=<user id>`, where the inbox finds
 * or starts the conversation and opens it.
 */
import type { MemberCard } from '../../lib/connections/types';

/** The inbox address that opens the conversation with a member. */
function messageHref(userId: string): string {
  return `/inbox?with=${encodeURIComponent(userId)}`;
}

export function MessageLink({ member }: { member: Pick<MemberCard, '_id' | 'name'> }) {
  return (
    <a className="btn btn-secondary btn-sm" href={messageHref(member._id)} aria-label={`Message ${member.name}`}>
      Message
    </a>
  );
}
