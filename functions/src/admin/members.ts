/**
 * The admin area's members: search by name or email (paged, newest first) and one member's
 * state: verified, onboarded, Premium and how (an admin grant, a paid subscription, or the
 * founder record's flag), suspended (users/suspension.ts) and deletion pending
 * (account-deletion), and the admins who can open the area.
 */
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { advisors, deletionRequests, founders, premiumGrants, subscriptions, users } from '../db/schema';
import { offsetOf, type PageRequest, type Paged, pageOf } from '../db/paging';
import { ApiError } from '../errors';
import { MEMBER_NOT_FOUND, PREMIUM_STATUSES } from '../subscriptions/premium-state';
import { isPremium } from '../shared/roles';
import { type Suspension, suspensionOf } from '../users/suspension';
import { isRealMember } from '../members/stand-in';

export type AdminMember = {
  _id: string;
  name: string;
  email: string;
  memberType: 'founder' | 'advisor';
  userRole: 'member' | 'admin';
  slug: string | null;
  verified: boolean;
  onboarded: boolean;
  premium: boolean;
  createdAt: string;
};

export type AdminMemberDetail = AdminMember & {
  suspension: Suspension;
  deletion: { _id: string; reason: string | null; createdAt: string; dueAt: string } | null;
  grant: { grantedAt: string; grantedBy: string | null } | null;
  subscription: { status: string; plan: string; currentPeriodEnd: string; cancelAtPeriodEnd: boolean; paying: boolean } | null;
};

export type MemberSearch = PageRequest & { q?: string | undefined; role?: 'member' | 'admin' | undefined };

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  memberType: users.memberType,
  userRole: users.userRole,
  roleType: users.roleType,
  verified: users.emailVerified,
  onboarded: users.onboarded,
  createdAt: users.createdAt,
  founderPremium: founders.premium,
  founderSlug: founders.slug,
  advisorName: advisors.name,
  advisorSlug: advisors.slug,
};

type MemberRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  memberType: 'founder' | 'advisor';
  userRole: 'member' | 'admin';
  roleType: 'free' | 'premium';
  verified: boolean;
  onboarded: boolean;
  createdAt: string;
  founderPremium: boolean | null;
  founderSlug: string | null;
  advisorName: string | null;
  advisorSlug: string | null;
};

function toAdminMember(row: MemberRow): AdminMember {
  return {
    _id: row.id,
    name: row.advisorName ?? `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    memberType: row.memberType,
    userRole: row.userRole,
    slug: row.founderSlug ?? row.advisorSlug,
    verified: row.verified,
    onboarded: row.onboarded,
    premium: isPremium({ role: { type: row.roleType }, founder: { premium: row.founderPremium } }),
    createdAt: row.createdAt,
  };
}

/** `%word%` for LIKE, with the wildcards of the search itself escaped (ESCAPE '\'). */
function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Every word of `q` must be in the member's email, first and last name, or advisor name. */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  const haystack = sql`lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${advisors.name}, ''))`;
  return and(...words.map((word) => sql`${haystack} LIKE ${likePattern(word)} ESCAPE '\\'`));
}

/** Members matching a search, newest first. */
export async function searchMembers(deps: Pick<Deps, 'db'>, search: MemberSearch): Promise<Paged<AdminMember>> {
  const where = and(isRealMember(users.email), searchCondition(search.q), search.role ? eq(users.userRole, search.role) : undefined);
  const base = () => deps.db.select(memberColumns).from(users).leftJoin(founders, eq(founders.userId, users.id)).leftJoin(advisors, eq(advisors.userId, users.id));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(search.limit).offset(offsetOf(search)),
    deps.db.select({ n: count() }).from(users).leftJoin(advisors, eq(advisors.userId, users.id)).where(where),
  ]);
  return pageOf(rows.map(toAdminMember), total?.n ?? 0, search);
}

/** One member's state for the admin area; 404 for an unknown id. */
export async function memberDetail(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<AdminMemberDetail> {
  const [[row], [grant], [subscription], [deletion]] = await Promise.all([
    deps.db
      .select({ ...memberColumns, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
      .from(users)
      .leftJoin(founders, eq(founders.userId, users.id))
      .leftJoin(advisors, eq(advisors.userId, users.id))
      .where(eq(users.id, userId)),
    deps.db
      .select({ grantedAt: premiumGrants.createdAt, firstName: users.firstName, lastName: users.lastName })
      .from(premiumGrants)
      .leftJoin(users, eq(users.id, premiumGrants.grantedBy))
      .where(eq(premiumGrants.userId, userId)),
    // The paying subscription if there is one, else the newest.
    deps.db
      .select({
        status: subscriptions.status,
        plan: subscriptions.plan,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        paying: sql<number>`${subscriptions.status} IN ${[...PREMIUM_STATUSES]}`,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(sql`${subscriptions.status} IN ${[...PREMIUM_STATUSES]}`), desc(subscriptions.createdAt))
      .limit(1),
    deps.db
      .select({ _id: deletionRequests.id, reason: deletionRequests.reason, createdAt: deletionRequests.createdAt, dueAt: deletionRequests.dueAt })
      .from(deletionRequests)
      .where(and(eq(deletionRequests.userId, userId), eq(deletionRequests.status, 'pending'))),
  ]);
  if (!row) throw new ApiError(404, MEMBER_NOT_FOUND);
  return {
    ...toAdminMember(row),
    suspension: suspensionOf(row, deps.clock.now()),
    deletion: deletion ?? null,
    grant: grant ? { grantedAt: grant.grantedAt, grantedBy: grant.firstName === null ? null : `${grant.firstName} ${grant.lastName ?? ''}`.trim() } : null,
    subscription: subscription ? { ...subscription, paying: Boolean(subscription.paying) } : null,
  };
}

/** The administrators, by name (the audit log's filter). */
export async function listAdmins(deps: Pick<Deps, 'db'>): Promise<Array<{ _id: string; name: string }>> {
  const rows = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.userRole, 'admin'))
    .orderBy(users.firstName, users.lastName);
  return rows.map((row) => ({ _id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
}
