/**
 * The viewer's lists (received, sent, accepted, pending, ignored, withdrawn) and the
 * counts for the badges. A member's rows sit on two sides (requester and receiver), each
 * with its own index on (side, status, updated_at, other): a list is a UNION ALL of one indexed
 * range per side, merged in index order, so a page stays cheap with thousands of rows.
 * Only the page's rows are joined to the member cards.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ConnectionStatus } from '../db/schema';
import type { Deps } from '../deps';
import { offsetOf, pageOf, type PageRequest, type Paged } from '../db/paging';
import { blockedEitherWay } from '../members/blocks';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import type { Connection, ConnectionCounts, ListKind } from './schemas';
import { toConnection } from './wire';

/** One side of the viewer's rows: the viewer's column, the statuses, an optional extra test. */
type Arm = { side: 'requester' | 'receiver'; statuses: readonly ConnectionStatus[]; extra?: SQL };

const notBlockedEitherWay = sql`NOT ${blockedEitherWay(sql.raw('connections.requester_id'), sql.raw('connections.receiver_id'))}`;

const received: Arm = { side: 'receiver', statuses: ['pending'] };
// The sender's ignored requests look pending to them.
const sent: Arm = { side: 'requester', statuses: ['pending', 'ignored'] };

const ARMS: Record<ListKind, readonly Arm[]> = {
  received: [received],
  sent: [sent],
  accepted: [
    { side: 'requester', statuses: ['accepted'] },
    { side: 'receiver', statuses: ['accepted'] },
  ],
  pending: [received, sent],
  // Requests the viewer ignored; silent repeats (never answered) stay out of sight.
  ignored: [{ side: 'receiver', statuses: ['ignored'], extra: sql.raw('responded_at IS NOT NULL') }],
  // Blocks also withdraw requests: those members stay out of sight.
  withdrawn: [{ side: 'requester', statuses: ['withdrawn'], extra: notBlockedEitherWay }],
};

const COLUMN = { requester: 'requester_id', receiver: 'receiver_id' } as const;
const OTHER = { requester: 'receiver_id', receiver: 'requester_id' } as const;

/** Status values are the schema's constants, written as literals so the planner sees them. */
function statusTest(statuses: readonly ConnectionStatus[]): SQL {
  const literals = statuses.map((status) => `'${status.replace(/[^a-z]/g, '')}'`);
  return sql.raw(literals.length === 1 ? `status = ${literals[0]}` : `status IN (${literals.join(', ')})`);
}

function armWhere(arm: Arm, viewerId: string): SQL {
  const conditions = [sql`${sql.raw(COLUMN[arm.side])} = ${viewerId}`, statusTest(arm.statuses)];
  if (arm.extra) conditions.push(arm.extra);
  return sql.join(conditions, sql` AND `);
}

type ListRow = MemberCardRow & {
  c_id: string;
  c_requester: string;
  c_status: ConnectionStatus;
  c_note: string | null;
  c_created: string;
  c_updated: string;
};

function rowOf(row: ListRow) {
  return { id: row.c_id, requesterId: row.c_requester, status: row.c_status, note: row.c_note, createdAt: row.c_created, updatedAt: row.c_updated };
}

/**
 * One page of a list and its total in one statement (one round trip; exported for the
 * query-plan test). The page is newest change first, ties by the other member's id (the
 * order of the side indexes, so the two sides merge without a sort); the total row is
 * always there, so an empty page still says how many there are.
 */
export function listStatement(viewerId: string, kind: ListKind, request: PageRequest): SQL {
  const arms = ARMS[kind];
  const union = sql.join(
    arms.map((arm) => sql`SELECT rowid AS rid, updated_at AS at, ${sql.raw(OTHER[arm.side])} AS other FROM connections WHERE ${armWhere(arm, viewerId)}`),
    sql` UNION ALL `,
  );
  const counts = sql.join(
    arms.map((arm) => sql`(SELECT count(*) FROM connections WHERE ${armWhere(arm, viewerId)})`),
    sql` + `,
  );
  return sql`
    WITH total(n) AS (SELECT ${counts}),
    page AS (${union} ORDER BY at DESC, other DESC LIMIT ${request.limit} OFFSET ${offsetOf(request)})
    SELECT total.n AS total, c.id AS c_id, c.requester_id AS c_requester, c.status AS c_status, c.note AS c_note,
      c.created_at AS c_created, c.updated_at AS c_updated, ${MEMBER_CARD_COLUMNS}
    FROM total LEFT JOIN page ON 1 = 1
      LEFT JOIN connections c ON c.rowid = page.rid
      LEFT JOIN users u ON u.id = page.other ${MEMBER_CARD_JOINS}
    ORDER BY page.at DESC, page.other DESC`;
}

/** One page of a list with its total. */
export async function listConnections(deps: Pick<Deps, 'db'>, viewerId: string, kind: ListKind, request: PageRequest): Promise<Paged<Connection>> {
  const rows = await deps.db.all<ListRow & { total: number }>(listStatement(viewerId, kind, request));
  const data = rows.filter((row) => row.c_id !== null).map((row) => toConnection(rowOf(row), viewerId, toMemberCard(row)));
  return pageOf(data, Number(rows[0]?.total ?? 0), request);
}

/** The badge counts as one statement of index-only counts (exported for the query-plan test). */
export function countsStatement(viewerId: string): SQL {
  const [mine, theirs] = ARMS.accepted;
  return sql`
    SELECT
      (SELECT count(*) FROM connections WHERE ${armWhere(received, viewerId)}) AS received,
      (SELECT count(*) FROM connections WHERE ${armWhere(sent, viewerId)}) AS sent,
      (SELECT count(*) FROM connections WHERE ${armWhere(mine!, viewerId)})
        + (SELECT count(*) FROM connections WHERE ${armWhere(theirs!, viewerId)}) AS accepted,
      (SELECT count(*) FROM blocks WHERE blocker_id = ${viewerId}) AS blocked`;
}

/** The badge counts. */
export async function connectionCounts(deps: Pick<Deps, 'db'>, viewerId: string): Promise<ConnectionCounts> {
  const [row] = await deps.db.all<ConnectionCounts>(countsStatement(viewerId));
  return { received: Number(row!.received), sent: Number(row!.sent), accepted: Number(row!.accepted), blocked: Number(row!.blocked) };
}
