/**
 * The member factory behind POST /dev/members (development only): a verified member with
 * chosen traits in one call, for the browser tests and for trying the app by hand. It goes
 * through the same code as the real doors where they decide something: the account rows and
 * consents of registration, the profile form's own checks and save (onboarding), the session
 * of a sign-in. What it skips is the mail round trip and the screens, which have tests of
 * their own.
 */
import { inArray } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../auth/messages';
import { reloadAccount, signIn } from '../auth/service';
import { pairKey } from '../connections/repository';
import { registrationConsents } from '../consents/records';
import { newId } from '../db/ids';
import { connections, premiumGrants, users } from '../db/schema';
import type { Deps } from '../deps';
import { fieldError, invalidFields } from '../errors';
import type { AdvisorFields, FounderFields, PictureValues } from '../profiles/openapi';
import { readProfileForm } from '../profiles/profile-form';
import { currentImages, saveProfile } from '../profiles/save';
import { createAccount, EmailTakenError } from '../users/repository';
import type { AuthResult, MemberType } from '../users/schemas';
import type { Account } from '../users/wire';

/** The password of a made member when the call names none. */
export const FACTORY_PASSWORD = 'factory-member-password';

/** The traits of a member to make; the route has filled in the defaults and checked the profile form. */
export type MakeMemberInput = {
  memberType: MemberType;
  firstName: string;
  lastName: string;
  email?: string;
  password: string;
  /** The onboarding form as its schema read it; null leaves the member before onboarding. */
  form: { fields: FounderFields | AdvisorFields; pictures: PictureValues } | null;
  premium: boolean;
  admin: boolean;
  digest: boolean;
  connectedTo: string[];
};

/** A random part of made names and addresses. */
export const randomPart = () => Math.random().toString(36).slice(2, 8);

/** The members named in `connectedTo`; a 400 naming the field when one is not a member. */
async function existingMembers(deps: Pick<Deps, 'db'>, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await deps.db.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
  if (found.length !== wanted.length) throw invalidFields({ connectedTo: 'must name existing members' });
  return wanted;
}

/** Accepted connections of a new member, as the seed writes them (no request went through the inboxes). */
function connectionsOf(userId: string, others: string[], at: string) {
  return others.map((otherId) => ({
    id: newId(),
    requesterId: userId,
    receiverId: otherId,
    pairKey: pairKey(userId, otherId),
    status: 'accepted' as const,
    note: null,
    ignoredAt: null,
    respondedAt: at,
    createdAt: at,
    updatedAt: at,
  }));
}

export type MadeMember = AuthResult & { email: string; password: string; slug: string };

/** A fresh address: the first name, the moment and a random part. */
const madeEmail = (firstName: string) => `${firstName.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'member'}-${Date.now().toString(36)}-${randomPart()}@example.com`;

/**
 * Makes a verified member with the traits asked for and opens a session for them, in one
 * transaction for the account (consents, Premium grant and connections with it) and one for
 * the profile. A taken address is a 409 naming `email`.
 */
export async function makeMember(deps: Deps & { media: R2Bucket }, input: MakeMemberInput, userAgent?: string): Promise<MadeMember> {
  const { form, lastName } = input;
  const others = await existingMembers(deps, input.connectedTo);
  const at = deps.clock.now().toISOString();
  let account: Account;
  try {
    account = await createAccount(
      deps.db,
      deps.clock,
      {
        email: input.email ?? madeEmail(input.firstName),
        passwordHash: await hashOnce(deps, input.password),
        firstName: input.firstName,
        lastName,
        memberType: input.memberType,
        userRole: input.admin ? 'admin' : 'member',
        roleType: input.premium ? 'premium' : 'free',
        emailVerified: true,
      },
      (userId) => [
        ...registrationConsents(deps.db, deps.clock, userId, input.digest, 'registration'),
        ...(input.premium ? [deps.db.insert(premiumGrants).values({ userId, grantedBy: null, createdAt: at })] : []),
        ...(others.length > 0 ? [deps.db.insert(connections).values(connectionsOf(userId, others, at))] : []),
      ],
    );
  } catch (error) {
    if (error instanceof EmailTakenError) throw fieldError(409, AUTH_MESSAGES.emailTaken, { email: 'is already registered' });
    throw error;
  }
  if (form) {
    await saveProfile(deps, account, readProfileForm(form, currentImages(account)), 'onboarding');
    account = await reloadAccount(deps, account.user.id);
  }
  const session = await signIn(deps, account, undefined, userAgent);
  return { ...session, email: account.user.email, password: input.password, slug: (account.founder ?? account.advisor)!.slug };
}

/** Scrypt is slow by design: one hash per distinct password for the life of the worker (development only). */
const hashes = new Map<string, Promise<string>>();
function hashOnce(deps: Pick<Deps, 'passwords'>, password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, deps.passwords.hash(password));
  return hashes.get(password)!;
}
