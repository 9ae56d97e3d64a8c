/**
 * The deeper profile fields (0046_deep_profiles.sql) as a profile that has not filled them in
 * holds them: for the development seeds, which build profiles without the form.
 */
import type { AdvisorFields, FounderFields } from './openapi';

type FounderDepthKey = 'startupName' | 'startupWebsite' | 'builtSoFar' | 'takesRoles' | 'wantsRoles' | 'equity' | 'fullTime' | 'hoursPerWeek';

export const EMPTY_FOUNDER_DEPTH = {
  startupName: null,
  startupWebsite: null,
  builtSoFar: null,
  takesRoles: [],
  wantsRoles: [],
  equity: null,
  fullTime: null,
  hoursPerWeek: null,
} satisfies Pick<FounderFields, FounderDepthKey>;

export const EMPTY_ADVISOR_DEPTH = { engagements: [], helpStages: [] } satisfies Pick<AdvisorFields, 'engagements' | 'helpStages'>;
