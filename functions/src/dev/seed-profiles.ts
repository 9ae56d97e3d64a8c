/**
 * The demo profiles in the seed: each onboarded demo member gets the profile of
 * demo-profiles.ts and its search rows (through the profiles' own index-rows module, so
 * search works on demo data exactly as on saved profiles). A database seeded before the
 * profiles existed gets them, and the demo members added with them, once on the next seed.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { advisors, appMeta, founders, onboardingDrafts, users } from '../db/schema';
import { indexStatements } from '../profiles/index-rows';
import { EMPTY_ADVISOR_DEPTH, EMPTY_FOUNDER_DEPTH } from '../profiles/depth-defaults';
import { advisorColumns, founderColumns } from '../profiles/save';
import { findAccountByEmail, insertAccount, newAccountRows, slugFor } from '../users/repository';
import type { Account } from '../users/wire';
import { DEMO_MEMBERS } from './demo-data';
import { DEMO_ADVISOR_PROFILES, DEMO_DRAFTS, DEMO_FOUNDER_PROFILES } from './demo-profiles';
import { hasMarker } from './markers';

export const PROFILES_SEEDED_KEY = 'demo_profiles_seeded';

/** The account with its demo profile filled in (unchanged when it has none). */
export function withDemoProfile(account: Account): Account {
  const founderProfile = DEMO_FOUNDER_PROFILES[account.user.email];
  const advisorProfile = DEMO_ADVISOR_PROFILES[account.user.email];
  if (account.founder && founderProfile) {
    const { city, ...fields } = founderProfile;
    const { firstName, lastName, tagline } = account.founder;
    const columns = founderColumns({ ...EMPTY_FOUNDER_DEPTH, ...fields, firstName, lastName, tagline, cityId: city.id });
    return { ...account, founder: { ...account.founder, ...columns, cityId: city.id, cityName: city.label } };
  }
  if (account.advisor && advisorProfile) {
    const { city, ...fields } = advisorProfile;
    const columns = advisorColumns({ ...EMPTY_ADVISOR_DEPTH, ...fields, name: account.advisor.name, position: account.advisor.position, cityId: city.id });
    return { ...account, advisor: { ...account.advisor, ...columns, cityId: city.id, cityName: city.label } };
  }
  return account;
}

/** A demo member's draft, search rows and marker-free extras, for a batch. */
export function demoProfileStatements(deps: Pick<Deps, 'db'>, account: Account, at: string) {
  const draft = DEMO_DRAFTS[account.user.email];
  return [
    ...indexStatements(deps.db, account),
    ...(draft && !account.user.onboarded
      ? [
          deps.db
            .insert(onboardingDrafts)
            .values({ userId: account.user.id, ...draft, updatedAt: at })
            .onConflictDoNothing(),
        ]
      : []),
  ];
}

/** The demo accounts as seeded: rows with their profiles applied. */
export async function demoAccounts(deps: Deps, at: string, only: (email: string) => boolean = () => true): Promise<Account[]> {
  const hashes = new Map<string, string>();
  const accounts: Account[] = [];
  for (const { password, onboarded, ...member } of DEMO_MEMBERS.filter((demo) => only(demo.email))) {
    // Scrypt is slow by design: one hash per distinct password, shared by the accounts.
    if (!hashes.has(password)) hashes.set(password, await deps.passwords.hash(password));
    const input = { ...member, passwordHash: hashes.get(password)!, emailVerified: true, onboarded: onboarded ?? true };
    const account = newAccountRows(input, await slugFor(deps.db, input), at);
    accounts.push(account.user.onboarded ? withDemoProfile(account) : account);
  }
  return accounts;
}

/** Whether the profile still is as registration left it. */
function isBlank({ founder, advisor }: Account): boolean {
  return founder ? founder.skills.length === 0 && founder.bio === null : advisor ? advisor.expertise.length === 0 && advisor.bio === null : false;
}

/** Adds the demo profiles (and the demo members added with them) to an older demo database, once. */
export async function seedMissingProfiles(deps: Deps): Promise<void> {
  if (await hasMarker(deps, PROFILES_SEEDED_KEY)) return;
  const at = deps.clock.now().toISOString();
  const emails = DEMO_MEMBERS.map((member) => member.email);
  const present = new Set((await deps.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email));
  const added = await demoAccounts(deps, at, (email) => !present.has(email));
  const existing = (await Promise.all([...present].map((email) => findAccountByEmail(deps.db, email)))).filter((account): account is Account => account !== null);
  // Profiles someone already edited by hand stay as they are.
  const updated = existing.filter((account) => account.user.onboarded && isBlank(account)).map(withDemoProfile);
  try {
    await deps.db.batch([
      deps.db.insert(appMeta).values({ key: PROFILES_SEEDED_KEY, value: at }),
      ...added.flatMap((account) => insertAccount(deps.db, account)),
      ...updated.map(({ founder, advisor }) =>
        founder ? deps.db.update(founders).set(founder).where(eq(founders.id, founder.id)) : deps.db.update(advisors).set(advisor!).where(eq(advisors.id, advisor!.id)),
      ),
      ...[...added, ...updated].flatMap((account) => demoProfileStatements(deps, account, at)),
    ]);
  } catch (error) {
    if (!(await hasMarker(deps, PROFILES_SEEDED_KEY))) throw error;
  }
}
