/**
 * A founder as the score reads them, with every field empty or neutral unless the test gives it:
 * for the tests of the score, its reasons and what ranks by it (suggestions, the shortlist).
 */
import type { MatchFounder } from './score';

export function matchFounder(userId: string, profile: Partial<MatchFounder> = {}): MatchFounder {
  return {
    userId,
    technical: null,
    skills: [],
    commitment: null,
    ideaStage: null,
    industries: [],
    cityId: null,
    city: null,
    openToRemote: false,
    lookingForCofounder: true,
    preferences: {},
    takesRoles: [],
    wantsRoles: [],
    equity: null,
    fullTime: null,
    ...profile,
  };
}
