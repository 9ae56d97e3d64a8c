/** Connection rows → the wire Connection, as one viewer may see it. */
import type { ConnectionRow } from '../db/schema';
import type { Connection } from './schemas';
import type { MemberCard } from '../members/schemas';

/** A row as `viewerId` may see it: a request the receiver ignored still looks pending to its sender. */
export function toConnection(row: Pick<ConnectionRow, 'id' | 'requesterId' | 'status' | 'note' | 'createdAt' | 'updatedAt'>, viewerId: string, member: MemberCard): Connection {
  const sent = row.requesterId === viewerId;
  return {
    _id: row.id,
    status: sent && row.status === 'ignored' ? 'pending' : row.status,
    direction: sent ? 'sent' : 'received',
    note: row.note,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    member,
  };
}
