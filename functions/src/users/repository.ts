/**
 * Reading and creating accounts: a users row plus its founders or advisors row.
 */
import { and, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock';
import { type BatchStatement, runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { advisors, founders, users, type AdvisorRow, type FounderRow, type UserRow } from '../db/schema';
import { nextFreeSlug, slugBase } from './slugs';
import type { Account } from './wire';

/** Emails are compared and stored trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The users row with its founder or advisor profile, and any `extra` values of the same row. */
function accountQuery<E extends Record<string, SQL>>(db: Db, extra = {} as E) {
  return db
    .select({ user: users, founder: founders, advisor: advisors, ...extra })
    .from(users)
    .leftJoin(founders, eq(founders.userId, users.id))
    .leftJoin(advisors, eq(advisors.userId, users.id));
}

/**
 * The account with this id and one more value `extra` (SQL that may refer to the users
 * row) read in the same query, or null: one D1 round trip where two were.
 */
export async function findAccountWith<T>(db: Db, id: string, extra: SQL<T>): Promise<(Account & { extra: T }) | null> {
  const [row] = await accountQuery(db, { extra }).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The account with this id, or null. */
export async function findAccountById(db: Db, id: string): Promise<Account | null> {
  const [row] = await accountQuery(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The account with this email (normalized here), or null. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | null> {
  const [row] = await accountQuery(db)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export type NewAccount = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  memberType: UserRow['memberType'];
  userRole?: UserRow['userRole'];
  roleType?: UserRow['roleType'];
  onboarded?: boolean;
  emailVerified?: boolean;
  /** Founders only. */
  tagline?: string | null;
  premium?: boolean;
  /** Advisors only. */
  position?: string | null;
};

/** Thrown when the email already belongs to an account. */
export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
    this.name = 'EmailTakenError';
  }
}

/** The `table.column` a UNIQUE constraint failure names, looking through drizzle's wrapper. */
function uniqueViolation(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const match = /UNIQUE constraint failed: ([\w.]+)/.exec(current.message);
    if (match) return match[1]!;
  }
  return null;
}

async function freeSlug(db: Db, table: typeof founders | typeof advisors, base: string): Promise<string> {
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    // `base` or anything starting `base-`, as a range ('.' follows '-'): D1 refuses a LIKE
    // pattern over 50 bytes, which a long name makes, and a range reads the slug index.
    .where(or(eq(table.slug, base), and(gte(table.slug, `${base}-`), lt(table.slug, `${base}.`))));
  return nextFreeSlug(
    base,
    rows.map((row) => row.slug),
  );
}

/**
 * The rows of a new account, not yet stored: the user and its founder or advisor record
 * under the given slug.
 */
export function newAccountRows(input: NewAccount, slug: string, now: string): Account {
  const user: UserRow = {
    id: newId(),
    email: normalizeEmail(input.email),
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    memberType: input.memberType,
    userRole: input.userRole ?? 'member',
    roleType: input.roleType ?? 'free',
    onboarded: input.onboarded ?? false,
    emailVerified: input.emailVerified ?? false,
    phone: null,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
    searchIndexing: true,
    privateBrowsing: false,
    acceptsMessageRequests: true,
    suspendedAt: null,
    suspendedUntil: null,
    suspensionReason: null,
    pausedAt: null,
  };
  // The profile fields onboarding fills in start empty.
  const record = {
    id: newId(),
    userId: user.id,
    slug,
    profilePictureUrl: null,
    profileBannerUrl: null,
    profilePictureAlt: null,
    profileBannerAlt: null,
    bio: null,
    industries: [],
    cityId: null,
    cityName: null,
    links: [],
    createdAt: now,
    updatedAt: now,
  };
  if (input.memberType === 'founder') {
    const founder: FounderRow = {
      ...record,
      firstName: input.firstName,
      lastName: input.lastName,
      tagline: input.tagline ?? null,
      premium: input.premium ?? false,
      isTechnical: null,
      skills: [],
      commitment: null,
      ideaStage: null,
      interests: [],
      openToRemote: false,
      lookingForCofounder: false,
      cofounderPreferences: {},
      startupName: null,
      startupWebsite: null,
      builtSoFar: null,
      takesRoles: [],
      wantsRoles: [],
      equity: null,
      fullTime: null,
      hoursPerWeek: null,
    };
    return { user, founder, advisor: null };
  }
  const advisor: AdvisorRow = {
    ...record,
    name: displayName(input),
    position: input.position ?? null,
    expertise: [],
    yearsExperience: null,
    experience: null,
    helpTypes: [],
    openToRemote: true,
    engagements: [],
    helpStages: [],
  };
  return { user, founder: null, advisor };
}

/** The two INSERTs storing an account, for a batch (one transaction). */
export function insertAccount(db: Db, { user, founder, advisor }: Account) {
  return [db.insert(users).values(user), founder ? db.insert(founders).values(founder) : db.insert(advisors).values(advisor!)] as const;
}

function displayName(input: Pick<NewAccount, 'firstName' | 'lastName'>): string {
  return `${input.firstName} ${input.lastName}`.trim();
}

/** The first free slug for this person's name in the table of their member type. */
export function slugFor(db: Db, input: Pick<NewAccount, 'firstName' | 'lastName' | 'memberType'>): Promise<string> {
  return freeSlug(db, input.memberType === 'founder' ? founders : advisors, slugBase(displayName(input)));
}

/** Tries at the readable next slug (`ada-lovelace-3`) before sign-ups racing for it fall back to a random suffix. */
const READABLE_SLUG_ATTEMPTS = 3;
const SLUG_ATTEMPTS = 6;

/** `ada-lovelace-k3x9q2f7`: what a sign-up takes when others keep winning the readable slug. */
function randomSlug(input: Pick<NewAccount, 'firstName' | 'lastName'>): string {
  return `${slugBase(displayName(input))}-${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}`;
}

/**
 * Creates the user and its founder or advisor record in one transaction, with a
 * readable unique slug. Sign-ups racing for the same slug retry, and after a few lost
 * races take a random suffix instead; a taken email throws EmailTakenError. `alongside`
 * gives statements about the new user (its consents) that join the same transaction.
 */
export async function createAccount(db: Db, clock: Clock, input: NewAccount, alongside: (userId: string) => BatchStatement[] = () => []): Promise<Account> {
  for (let attempt = 1; ; attempt++) {
    const slug = attempt <= READABLE_SLUG_ATTEMPTS ? await slugFor(db, input) : randomSlug(input);
    const account = newAccountRows(input, slug, clock.now().toISOString());
    try {
      await runBatch(db, [...insertAccount(db, account), ...alongside(account.user.id)]);
      return account;
    } catch (error) {
      const column = uniqueViolation(error);
      if (column === 'users.email') throw new EmailTakenError();
      if (column?.endsWith('.slug') && attempt < SLUG_ATTEMPTS) continue;
      throw error;
    }
  }
}
