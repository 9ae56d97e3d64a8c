/**
 * Helpers for the search and matching tests: signed-in members with full profiles,
 * saved the way a profile save stores them (the profile row, then profile_tags and
 * profile_search through the profiles module's own indexStatements), and a join date of
 * the test's choosing so the newest-first order can be checked.
 */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { signedInMember } from '../../test/api';
import { db } from '../db/client';
import { advisors, founders, users, type AdvisorRow, type FounderRow } from '../db/schema';
import { indexStatements } from '../profiles/index-rows';
import { findAccountById } from '../users/repository';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const database = db(env);
const prefix = crypto.randomUUID().slice(0, 6);
let sequence = 0;

export type FounderFixture = Partial<Omit<FounderRow, 'id' | 'userId' | 'slug' | 'createdAt' | 'updatedAt'>> & { joinedAt?: string; onboarded?: boolean };
export type AdvisorFixture = Partial<Omit<AdvisorRow, 'id' | 'userId' | 'slug' | 'createdAt' | 'updatedAt'>> & { joinedAt?: string; onboarded?: boolean };

/** The join date `days` days before now, for ordering members. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function finish(member: Member, joinedAt: string | undefined): Promise<Member> {
  if (joinedAt) {
    // Registration writes one time on the user and the profile; so does a made-up join date.
    await database.update(users).set({ createdAt: joinedAt }).where(eq(users.id, member.user.id));
    if (member.founder) await database.update(founders).set({ createdAt: joinedAt }).where(eq(founders.userId, member.user.id));
    else await database.update(advisors).set({ createdAt: joinedAt }).where(eq(advisors.userId, member.user.id));
  }
  const account = await findAccountById(database, member.user.id);
  const [first, ...rest] = indexStatements(database, account!);
  await database.batch([first!, ...rest]);
  return { ...member, ...account! };
}

/** A signed-in founder with this profile (a unique last name unless one is given). */
export async function founderWith(profile: FounderFixture = {}): Promise<Member> {
  const { joinedAt, onboarded = true, ...fields } = profile;
  const firstName = fields.firstName ?? 'Grace';
  const lastName = fields.lastName ?? `Founder${prefix}x${++sequence}`;
  const member = await signedInMember({ memberType: 'founder', firstName, lastName, onboarded });
  await database
    .update(founders)
    .set({ ...fields, firstName, lastName })
    .where(eq(founders.userId, member.user.id));
  return finish(member, joinedAt);
}

/** A signed-in advisor with this profile. */
export async function advisorWith(profile: AdvisorFixture = {}): Promise<Member> {
  const { joinedAt, onboarded = true, ...fields } = profile;
  const name = fields.name ?? `Advisor${prefix}x${++sequence}`;
  const [firstName = name, ...rest] = name.split(' ');
  const member = await signedInMember({ memberType: 'advisor', firstName, lastName: rest.join(' '), onboarded });
  await database
    .update(advisors)
    .set({ ...fields, name })
    .where(eq(advisors.userId, member.user.id));
  return finish(member, joinedAt);
}

/** The user ids of a page's members, in order. */
export const idsOf = (page: { data: Array<{ _id: string } | { member: { _id: string } }> }) => page.data.map((item) => ('member' in item ? item.member._id : item._id));
