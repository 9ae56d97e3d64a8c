/**
 * The provider's picture becomes a new member's profile picture, stored like an uploaded one
 * (checked by its bytes, metadata removed, under a fresh R2 key), so onboarding opens with it
 * and no page ever loads an image from the provider. Best effort: a picture that can't be
 * fetched or is refused (type, size, dimensions) is logged and skipped, never failing the
 * sign-in. Only addresses the adapter let through are fetched (oauth-providers.ts).
 */
import { eq } from 'drizzle-orm';
import { advisors, founders } from '../../db/schema';
import type { Deps } from '../../deps';
import { storeImage } from '../../media/image-store';
import { checkImage } from '../../media/images';
import { PROFILE_LIMITS as L } from '../../shared/profile-vocabulary';
import type { Account } from '../../users/wire';

const FETCH_TIMEOUT_MS = 5000;
const AVATAR_RULES = { maxBytes: L.imageMaxBytes, maxSide: L.imageMaxSide, minWidth: L.avatarMinSide, minHeight: L.avatarMinSide };

/** Fetches `url` and makes it the member's profile picture (with a plain alt text) when it passes the upload rules. */
export async function importProviderPicture(deps: Pick<Deps, 'db' | 'clock'>, media: R2Bucket, account: Account, url: string | null): Promise<void> {
  if (!url) return;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const declared = Number(response.headers.get('content-length'));
    if (declared > AVATAR_RULES.maxBytes) throw new Error(`is ${declared} bytes`);
    const checked = checkImage(new Uint8Array(await response.arrayBuffer()), AVATAR_RULES);
    if ('problem' in checked) throw new Error(checked.problem);
    const key = await storeImage(media, 'avatars', checked.image);
    const now = deps.clock.now().toISOString();
    const alt = `Profile picture of ${account.user.firstName} ${account.user.lastName}`.trim();
    const table = account.founder ? founders : advisors;
    await deps.db.update(table).set({ profilePictureUrl: key, profilePictureAlt: alt, updatedAt: now }).where(eq(table.userId, account.user.id));
  } catch (error) {
    console.error(`the provider picture of ${account.user.id} was skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
