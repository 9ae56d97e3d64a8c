/**
 * Saving the onboarding draft from the browser: PUT /api/session/onboarding. `keepalive`
 * lets the last save finish while the page is being left (drafts stay far below its 64 KB).
 */
import { sessionUrl } from '../../lib/api/client';
import { readAppError } from '../../lib/errors';
import { draftFits, type OnboardingDraft } from '../../lib/profiles/draft';

export async function saveDraft(draft: OnboardingDraft): Promise<void> {
  if (!draftFits(draft)) throw new Error('The draft is larger than the API keeps.');
  const response = await fetch(sessionUrl('onboarding'), {
    method: 'PUT',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(draft),
    keepalive: true,
  });
  if (!response.ok) throw await readAppError(response);
}
