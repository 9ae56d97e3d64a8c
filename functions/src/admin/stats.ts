/** Member counts for the admin area, in one query. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { founders, users } from '../db/schema';
import { isRealMember } from '../members/stand-in';

export type MemberStats = { members: number; founders: number; advisors: number; admins: number; verified: number; premium: number };

/** Counts members (not the "Deleted member" stand-ins) by type, role, verification and premium status (docs/product.md#roles). */
export async function memberStats(db: Db): Promise<MemberStats> {
  const count = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      members: sql<number>`count(*)`.mapWith(Number),
      founders: count(sql`${users.memberType} = 'founder'`),
      advisors: count(sql`${users.memberType} = 'advisor'`),
      admins: count(sql`${users.userRole} = 'admin'`),
      verified: count(sql`${users.emailVerified} = 1`),
      premium: count(sql`${users.roleType} = 'premium' or ${founders.premium} = 1`),
    })
    .from(users)
    .leftJoin(founders, eq(founders.userId, users.id))
    .where(isRealMember(users.email));
  return row!;
}
