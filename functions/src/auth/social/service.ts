/**
 * Sign-in through a provider, and the sign-in methods of an account. An identity is keyed by
 * (provider, subject), never by the address. The linking rules, where accounts get taken over:
 * - a known identity signs its member in;
 * - otherwise the provider must vouch for the address (`email_verified`, GitHub's primary
 *   verified one), or nothing happens: no new member, no link, whether or not a member holds it;
 * - a member holding that address is linked only when their own address is verified too;
 * - an unverified password account holding it never captures the sign-in: the provider's
 *   person proved the address, so a bare registration (a name, nothing else) is taken over as
 *   a new member (its password erased, so whoever typed it can never sign in with it); one
 *   that holds anything more (onboarded, posts, comments, messages, connections, requests) is
 *   never handed over, lest the squatter's content appear under the provider person's name:
 *   it keeps its content, loses the address (a reserved `.invalid` one) and its password, and
 *   a fresh member is created for the provider's person;
 * - otherwise a new member is created, already verified, named from the provider, with the
 *   provider's picture (picture.ts), and the app leads them to onboarding (not onboarded yet).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { runBatch } from '../../db/batch';
import { advisors, authCodes, founders, socialIdentities, users } from '../../db/schema';
import type { Deps, ProviderIdentity, SocialProviderName } from '../../deps';
import { ApiError } from '../../errors';
import { enforceLimits } from '../../rate-limit/policies';
import { registrationConsents } from '../../consents/records';
import { createAccount, EmailTakenError, findAccountByEmail, findAccountById } from '../../users/repository';
import type { AuthResult } from '../../users/schemas';
import type { Account } from '../../users/wire';
import { reloadAccount, signIn } from '../service';
import { PROVIDER_LABELS } from './config';
import { socialLoginFailed } from './errors';
import { hasPassword, NO_PASSWORD } from './passwordless';
import { importProviderPicture } from './picture';

/** What the edge hands back from the provider's redirect, plus what it kept in its cookies. */
export type ProviderCallback = { callback: URLSearchParams; expectedState: string; codeVerifier: string };

/** Where every provider sends the member back: the app's callback page for it. */
export function redirectUriFor(deps: Pick<Deps, 'config'>, provider: SocialProviderName): string {
  return `${deps.config.appUrl}/auth/${provider}/callback`;
}

/** Throws the 404 of a provider this deployment has not configured. */
export function assertEnabled(deps: Pick<Deps, 'social'>, provider: SocialProviderName): void {
  if (!deps.social.enabled.includes(provider)) throw new ApiError(404, `${PROVIDER_LABELS[provider]} sign-in is not available.`, { fields: { provider: 'is not configured' } });
}

/** Starts the provider's authorization: its address, and the state and PKCE verifier the edge keeps. */
export async function startSocialSignIn(deps: Deps, provider: SocialProviderName) {
  assertEnabled(deps, provider);
  return deps.social.start(provider, redirectUriFor(deps, provider));
}

async function identityOwner(deps: Deps, provider: SocialProviderName, subject: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

async function hasProviderLinked(deps: Deps, userId: string, provider: SocialProviderName): Promise<boolean> {
  const [linked] = await deps.db
    .select({ n: count() })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)));
  return (linked?.n ?? 0) > 0;
}

function linkStatement(deps: Deps, userId: string, provider: SocialProviderName, identity: ProviderIdentity) {
  return deps.db.insert(socialIdentities).values({ provider, subject: identity.subject, userId, email: identity.email, createdAt: deps.clock.now().toISOString() });
}

/** First and last name from the provider, with a readable stand-in when it gives none. */
function namesOf(identity: ProviderIdentity): { firstName: string; lastName: string } {
  const fallback = identity.email?.split('@')[0] ?? 'New';
  return { firstName: (identity.firstName ?? fallback).slice(0, 80), lastName: (identity.lastName ?? 'Member').slice(0, 80) };
}

/**
 * The unverified registration holding the address becomes the provider's member: verified,
 * renamed from the provider, its password and pending codes gone, every token it could
 * have had refused (token_version), the identity linked, all in one batch.
 */
async function takeOverUnverified(deps: Deps, account: Account, provider: SocialProviderName, identity: ProviderIdentity): Promise<void> {
  const now = deps.clock.now().toISOString();
  const { firstName, lastName } = namesOf(identity);
  const userId = account.user.id;
  await runBatch(deps.db, [
    deps.db
      .update(users)
      .set({ passwordHash: NO_PASSWORD, emailVerified: true, firstName, lastName, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, userId)),
    account.founder
      ? deps.db.update(founders).set({ firstName, lastName, updatedAt: now }).where(eq(founders.userId, userId))
      : deps.db
          .update(advisors)
          .set({ name: `${firstName} ${lastName}`, updatedAt: now })
          .where(eq(advisors.userId, userId)),
    deps.db.delete(authCodes).where(eq(authCodes.userId, userId)),
    linkStatement(deps, userId, provider, identity),
  ]);
}

/** True when an account holds more than its registration: a profile, or anything it wrote or asked. */
async function holdsActivity(deps: Deps, account: Account): Promise<boolean> {
  if (account.user.onboarded) return true;
  const id = account.user.id;
  const [row] = await deps.db.all<{ found: number }>(sql`SELECT (
      EXISTS (SELECT 1 FROM feed_posts WHERE author_user_id = ${id})
      OR EXISTS (SELECT 1 FROM feed_comments WHERE author_user_id = ${id})
      OR EXISTS (SELECT 1 FROM feed_replies WHERE author_user_id = ${id})
      OR EXISTS (SELECT 1 FROM connections WHERE requester_id = ${id} OR receiver_id = ${id})
      OR EXISTS (SELECT 1 FROM message_requests WHERE sender_id = ${id} OR recipient_id = ${id})
    ) AS found`);
  // Messages sent or received are in the member's mailbox, asked only when D1 found nothing.
  return Boolean(row?.found) || !(await deps.inbox.of(id).isEmpty());
}

/** The reserved address an unverified account with content moves to, freeing the real one. */
function unclaimedEmail(userId: string): string {
  return `unclaimed-${userId}@unverified.invalid`;
}

/** Frees the address of an unverified account that holds content: it can never sign in again. */
async function releaseUnverified(deps: Deps, account: Account): Promise<void> {
  const userId = account.user.id;
  await runBatch(deps.db, [
    deps.db
      .update(users)
      .set({ email: unclaimedEmail(userId), passwordHash: NO_PASSWORD, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: deps.clock.now().toISOString() })
      .where(and(eq(users.id, userId), eq(users.emailVerified, false))),
    deps.db.delete(authCodes).where(eq(authCodes.userId, userId)),
  ]);
}

/** The member this identity signs in: found, linked or created by the rules above. */
async function resolveMember(deps: Deps, provider: SocialProviderName, identity: ProviderIdentity, memberType: 'founder' | 'advisor', media: R2Bucket | null): Promise<string> {
  const owner = await identityOwner(deps, provider, identity.subject);
  if (owner) return owner;
  if (!identity.email || !identity.emailVerified) {
    throw socialLoginFailed(403, `${provider} gave no verified address for subject ${identity.subject}`, 'email_not_verified');
  }
  const holder = await findAccountByEmail(deps.db, identity.email);
  if (holder?.user.emailVerified) {
    if (await hasProviderLinked(deps, holder.user.id, provider)) {
      throw socialLoginFailed(409, `${provider} subject ${identity.subject} matches a member linked to another ${provider} account`, 'identity_taken');
    }
    await runBatch(deps.db, [linkStatement(deps, holder.user.id, provider, identity)]);
    return holder.user.id;
  }
  if (holder && (await holdsActivity(deps, holder))) {
    await releaseUnverified(deps, holder);
  } else if (holder) {
    await takeOverUnverified(deps, holder, provider, identity);
    if (media) await importProviderPicture(deps, media, await reloadAccount(deps, holder.user.id), identity.picture);
    return holder.user.id;
  }
  // Signing up with a provider accepts the terms and the privacy policy (the words beside its
  // buttons); the digest waits for an opt-in in the settings.
  const account = await createAccount(
    deps.db,
    deps.clock,
    { email: identity.email, passwordHash: NO_PASSWORD, ...namesOf(identity), memberType, emailVerified: true, onboarded: false },
    (userId) => registrationConsents(deps.db, deps.clock, userId, false, 'social-registration'),
  );
  await runBatch(deps.db, [linkStatement(deps, account.user.id, provider, identity)]);
  if (media) await importProviderPicture(deps, media, account, identity.picture);
  return account.user.id;
}

/**
 * GET /auth/{provider}/token: finishes the provider's flow (state, code and PKCE checked by
 * the adapter) and answers `{ jwt, user }` of a new server-side session.
 */
export async function finishSocialSignIn(
  deps: Deps,
  provider: SocialProviderName,
  input: ProviderCallback & { memberType: 'founder' | 'advisor'; ip: string; userAgent?: string; media?: R2Bucket },
): Promise<AuthResult> {
  assertEnabled(deps, provider);
  await enforceLimits(deps.limiter, [['socialSignInsByIp', input.ip]]);
  const identity = await deps.social.finish(provider, { ...input, redirectUri: redirectUriFor(deps, provider) });
  let userId: string;
  try {
    userId = await resolveMember(deps, provider, identity, input.memberType, input.media ?? null);
  } catch (error) {
    // Two first sign-ins racing: the other one created or linked; resolve again to find it.
    if (!(error instanceof EmailTakenError) && !/UNIQUE constraint failed/.test(String(error instanceof Error ? (error.cause ?? error.message) : error))) throw error;
    userId = await resolveMember(deps, provider, identity, input.memberType, input.media ?? null);
  }
  return signIn(deps, await reloadAccount(deps, userId), undefined, input.userAgent);
}

/** The ways this member signs in: a password or not, and each linked provider. */
export async function listSignInMethods(deps: Deps, account: Account) {
  const rows = await deps.db
    .select({ provider: socialIdentities.provider, email: socialIdentities.email, createdAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, account.user.id));
  return {
    password: hasPassword(account.user.passwordHash),
    linked: rows.map((row) => ({ provider: row.provider, name: PROVIDER_LABELS[row.provider], email: row.email, createdAt: row.createdAt })),
    available: deps.social.enabled.map((provider) => ({ provider, name: PROVIDER_LABELS[provider] })),
  };
}

/**
 * Links another provider to the signed-in member after they went through its flow. An
 * identity another member holds is refused (409); one provider account per provider.
 */
export async function linkProvider(deps: Deps, account: Account, provider: SocialProviderName, input: ProviderCallback) {
  assertEnabled(deps, provider);
  const identity = await deps.social.finish(provider, { ...input, redirectUri: redirectUriFor(deps, provider) });
  const owner = await identityOwner(deps, provider, identity.subject);
  const label = PROVIDER_LABELS[provider];
  if (owner && owner !== account.user.id) {
    throw new ApiError(409, `This ${label} account already signs in another member.`, { reason: 'identity_taken', fields: { provider: 'is linked to another account' } });
  }
  if (!owner) {
    if (await hasProviderLinked(deps, account.user.id, provider)) {
      throw new ApiError(409, `Another ${label} account is linked already: unlink it first.`, { reason: 'provider_linked', fields: { provider: 'is already linked' } });
    }
    await runBatch(deps.db, [linkStatement(deps, account.user.id, provider, identity)]);
  }
  return listSignInMethods(deps, account);
}

/** Unlinks a provider, unless it is the last way this member can sign in (409). */
export async function unlinkProvider(deps: Deps, account: Account, provider: SocialProviderName) {
  const current = await listSignInMethods(deps, account);
  const label = PROVIDER_LABELS[provider];
  if (!current.linked.some((method) => method.provider === provider)) {
    throw new ApiError(404, `${label} is not linked to your account.`, { fields: { provider: 'is not linked' } });
  }
  if (!current.password && current.linked.length === 1) {
    throw new ApiError(409, `${label} is the only way you sign in: set a password or link another provider first.`, {
      reason: 'last_sign_in_method',
      fields: { provider: 'is your last sign-in method' },
    });
  }
  // Checked again in the DELETE itself: two unlinks at once must not both pass the check above.
  const userId = account.user.id;
  const removed = await deps.db
    .delete(socialIdentities)
    .where(
      and(
        eq(socialIdentities.userId, userId),
        eq(socialIdentities.provider, provider),
        sql`(EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND password_hash <> ${NO_PASSWORD}) OR (SELECT count(*) FROM social_identities WHERE user_id = ${userId}) > 1)`,
      ),
    )
    .returning({ provider: socialIdentities.provider });
  if (removed.length === 0) return unlinkProvider(deps, (await findAccountById(deps.db, userId)) ?? account, provider);
  const fresh = await findAccountById(deps.db, account.user.id);
  return listSignInMethods(deps, fresh ?? account);
}
