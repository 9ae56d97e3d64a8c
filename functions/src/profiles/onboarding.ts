/**
 * Onboarding state: where the member is, the profile so far, and the draft of what they
 * typed (kept in D1 so it follows them across visits and devices until they finish).
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { onboardingDrafts } from '../db/schema';
import { invalidFields } from '../errors';
import type { Account } from '../users/wire';
import { toProfileDetails } from './details';
import { PROFILE_MESSAGES as M } from './messages';
import type { OnboardingState } from './schemas';

/** The most a draft may hold, counted on its JSON text. */
export const DRAFT_MAX_BYTES = 16 * 1024;

export type DraftInput = { step: number; data: Record<string, unknown> };

/** GET /onboarding: the member's type, whether they are done, their draft and profile. */
export async function onboardingState(deps: Pick<Deps, 'db'>, account: Account): Promise<OnboardingState> {
  const [draft] = await deps.db.select().from(onboardingDrafts).where(eq(onboardingDrafts.userId, account.user.id)).limit(1);
  return {
    memberType: account.user.memberType,
    onboarded: account.user.onboarded,
    step: draft?.step ?? 0,
    draft: draft?.data ?? {},
    profile: toProfileDetails(account),
  };
}

/** PUT /onboarding: keeps what the member typed so far (replacing the previous draft). */
export async function saveDraft(deps: Pick<Deps, 'db' | 'clock'>, userId: string, input: DraftInput): Promise<{ step: number; updatedAt: string }> {
  const size = new TextEncoder().encode(JSON.stringify(input.data)).length;
  if (size > DRAFT_MAX_BYTES) throw invalidFields({ data: M.draftTooLarge(DRAFT_MAX_BYTES / 1024) });
  const updatedAt = deps.clock.now().toISOString();
  const row = { userId, step: input.step, data: input.data, updatedAt };
  await deps.db
    .insert(onboardingDrafts)
    .values(row)
    .onConflictDoUpdate({ target: onboardingDrafts.userId, set: { step: row.step, data: row.data, updatedAt } });
  return { step: input.step, updatedAt };
}
