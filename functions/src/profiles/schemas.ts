/**
 * The wire shapes of the profiles issue (its contract): full founder and advisor
 * profiles, co-founder preferences, search results, matches, profile views,
 * onboarding drafts and privacy choices. The app imports these types (types only).
 */
import { z } from '@hono/zod-openapi';
import { cappedPagedSchema, MemberCardSchema, pagedSchema, VerifiedBadgeSchema } from '../members/schemas';
import { AdvisorSchema, FounderProfileSchema, MemberTypeSchema, UserSchema } from '../users/schemas';
import {
  COMMITMENTS,
  ENGAGEMENTS,
  EQUITY_EXPECTATIONS,
  EXPERTISE,
  FULL_TIME_TIMING,
  HELP_STAGES,
  HELP_TYPES,
  IDEA_STAGES,
  IMPORTANCE,
  INDUSTRIES,
  keysOf,
  RESPONSIBILITIES,
  SKILLS,
} from '../shared/profile-vocabulary';

export const SkillSchema = z.enum(keysOf(SKILLS));
export const IndustrySchema = z.enum(keysOf(INDUSTRIES));
export const CommitmentSchema = z.enum(keysOf(COMMITMENTS));
export const IdeaStageSchema = z.enum(keysOf(IDEA_STAGES));
export const ExpertiseSchema = z.enum(keysOf(EXPERTISE));
export const HelpTypeSchema = z.enum(keysOf(HELP_TYPES));
export const ImportanceSchema = z.enum(keysOf(IMPORTANCE));
export const ResponsibilitySchema = z.enum(keysOf(RESPONSIBILITIES));
export const EquityExpectationSchema = z.enum(keysOf(EQUITY_EXPECTATIONS));
export const FullTimeTimingSchema = z.enum(keysOf(FULL_TIME_TIMING));
export const EngagementSchema = z.enum(keysOf(ENGAGEMENTS));
export const HelpStageSchema = z.enum(keysOf(HELP_STAGES));

/** The city a profile names (kept with the profile, so it shows without the data set). */
export const ProfileCitySchema = z.object({ id: z.number().int(), label: z.string() }).openapi('ProfileCity');

export const ProfileLinkSchema = z.object({ label: z.string(), url: z.string() }).openapi('ProfileLink');

/** A picture or banner with its alt text. */
export const ImageRefSchema = z.object({ url: z.string(), alt: z.string().nullable() }).openapi('ImageRef');

/**
 * What a founder looks for in a co-founder. Each criterion is optional (missing = don't
 * care). must-have filters candidates out, nice-to-have adds to the match score.
 * - technical: the co-founder is technical / non-technical
 * - skills: the co-founder has at least one of these skills
 * - commitment: the co-founder's weekly commitment
 * - location: same-city = lives in my city; remote-ok = my city, or both open to remote
 * - industries: at least one industry in common (no value)
 * - ideaStage: the co-founder's idea stage is one of these
 */
export const CofounderPreferencesSchema = z
  .object({
    technical: z.object({ value: z.enum(['technical', 'non-technical']), importance: ImportanceSchema }).optional(),
    skills: z.object({ value: z.array(SkillSchema).min(1), importance: ImportanceSchema }).optional(),
    commitment: z.object({ value: CommitmentSchema, importance: ImportanceSchema }).optional(),
    location: z.object({ value: z.enum(['same-city', 'remote-ok']), importance: ImportanceSchema }).optional(),
    industries: z.object({ importance: ImportanceSchema }).optional(),
    ideaStage: z.object({ value: z.array(IdeaStageSchema).min(1), importance: ImportanceSchema }).optional(),
  })
  .openapi('CofounderPreferences');

const profileCommon = {
  userId: z.string(),
  bio: z.string().nullable(),
  industries: z.array(IndustrySchema),
  city: ProfileCitySchema.nullable(),
  openToRemote: z.boolean(),
  links: z.array(ProfileLinkSchema),
  profilePicture: ImageRefSchema.nullable(),
  profileBanner: ImageRefSchema.nullable(),
  /** False: noindex and left out of the sitemap. */
  searchIndexing: z.boolean(),
  /** docs/product.md#roles, decided by premium/entitlements.ts: the profile shows the Premium badge. */
  premium: z.boolean(),
  /** The verified badge (verification/), on public profiles; null when none. */
  verified: VerifiedBadgeSchema.nullable().optional(),
  joinedAt: z.string(),
  updatedAt: z.string(),
};

/** GET /founder/profile?slug: the founder profile of docs/product.md#profiles plus the matching fields. */
export const FounderDetailsSchema = FounderProfileSchema.extend({
  memberType: z.literal('founder'),
  ...profileCommon,
  technical: z.boolean().nullable(),
  skills: z.array(SkillSchema),
  commitment: CommitmentSchema.nullable(),
  ideaStage: IdeaStageSchema.nullable(),
  interests: z.array(z.string()),
  lookingForCofounder: z.boolean(),
  cofounderPreferences: CofounderPreferencesSchema,
  startupName: z.string().nullable(),
  /** An https address, shown as a link members follow (rel="nofollow ugc noopener"). */
  startupWebsite: z.string().nullable(),
  /** What is built so far, in the founder's words (the stage is ideaStage). */
  builtSoFar: z.string().nullable(),
  takesRoles: z.array(ResponsibilitySchema),
  wantsRoles: z.array(ResponsibilitySchema),
  equity: EquityExpectationSchema.nullable(),
  fullTime: FullTimeTimingSchema.nullable(),
  hoursPerWeek: z.number().int().min(0).max(80).nullable(),
}).openapi('FounderDetails');

/** GET /advisor/profile?slug: the advisor of docs/product.md#profiles plus how they help. */
export const AdvisorDetailsSchema = AdvisorSchema.extend({
  memberType: z.literal('advisor'),
  ...profileCommon,
  expertise: z.array(ExpertiseSchema),
  yearsExperience: z.number().int().nullable(),
  experience: z.string().nullable(),
  helpTypes: z.array(HelpTypeSchema),
  engagements: z.array(EngagementSchema),
  helpStages: z.array(HelpStageSchema),
}).openapi('AdvisorDetails');

export const ProfileDetailsSchema = z.discriminatedUnion('memberType', [FounderDetailsSchema, AdvisorDetailsSchema]).openapi('ProfileDetails');

/** A search result or match: the member card plus what a list shows about them. */
export const ProfileSummarySchema = MemberCardSchema.extend({
  city: z.string().nullable(),
  openToRemote: z.boolean(),
  /** Founders: skills; advisors: expertise. Vocabulary keys. */
  skills: z.array(z.string()),
  industries: z.array(IndustrySchema),
  technical: z.boolean().nullable(),
  commitment: CommitmentSchema.nullable(),
  ideaStage: IdeaStageSchema.nullable(),
  lookingForCofounder: z.boolean(),
  helpTypes: z.array(HelpTypeSchema),
  /** Founders: what a card shows of the deeper profile (advisors: null and empty). */
  startupName: z.string().nullable(),
  takesRoles: z.array(ResponsibilitySchema),
  wantsRoles: z.array(ResponsibilitySchema),
  fullTime: FullTimeTimingSchema.nullable(),
  /** Advisors: how they engage and the stages they help most (founders: empty). */
  engagements: z.array(EngagementSchema),
  helpStages: z.array(HelpStageSchema),
  joinedAt: z.string(),
  saved: z.boolean().openapi({ description: 'Whether the viewer saved this member (GET /saved/members); false for visitors.' }),
}).openapi('ProfileSummary');

export const ProfileSummaryPageSchema = cappedPagedSchema(ProfileSummarySchema, 'ProfileSummaryPage');

/** A co-founder or advisor match: 0–100, with the reasons in words. */
export const MatchSchema = z.object({ member: ProfileSummarySchema, score: z.number(), reasons: z.array(z.string()) }).openapi('Match');

export const MatchPageSchema = pagedSchema(MatchSchema, 'MatchPage');

/** One view of the viewer's profile; member is null when the viewer browsed privately or it is a premium-only row. */
export const ProfileViewSchema = z.object({ member: MemberCardSchema.nullable(), viewedAt: z.string(), private: z.boolean() }).openapi('ProfileView');

/** GET /profile/views: who viewed me in the last 90 days. */
export const ProfileViewsSchema = z
  .object({
    total: z.number().int().openapi({ description: 'Views in the last 90 days (private ones included).' }),
    data: z.array(ProfileViewSchema),
    /** Views not listed: beyond the free members' few most recent (premium shows them). */
    locked: z.number().int(),
    premium: z.boolean(),
  })
  .openapi('ProfileViews');

/** GET /profile/viewed: whom I viewed. */
export const ViewedProfilesSchema = z.object({ total: z.number().int(), data: z.array(z.object({ member: MemberCardSchema, viewedAt: z.string() })) }).openapi('ViewedProfiles');

/** GET /onboarding. */
export const OnboardingStateSchema = z
  .object({
    memberType: MemberTypeSchema,
    onboarded: z.boolean(),
    step: z.number().int(),
    draft: z.record(z.string(), z.unknown()),
    profile: ProfileDetailsSchema,
  })
  .openapi('OnboardingState');

/** PUT /onboarding: what the member typed so far. */
export const OnboardingDraftSchema = z.object({ step: z.number().int().min(0).max(20), data: z.record(z.string(), z.unknown()) }).openapi('OnboardingDraft');

/** POST /founder/onboarding and PUT /founder/profile: the user (onboarded) and the saved profile. */
export const SavedFounderProfileSchema = z.object({ user: UserSchema, profile: FounderDetailsSchema }).openapi('SavedFounderProfile');

/** POST /advisor/onboarding and PUT /advisor/profile. */
export const SavedAdvisorProfileSchema = z.object({ user: UserSchema, profile: AdvisorDetailsSchema }).openapi('SavedAdvisorProfile');

/** PUT /onboarding's answer. */
export const DraftSavedSchema = z.object({ step: z.number().int(), updatedAt: z.string() }).openapi('DraftSaved');

export const PrivacySchema = z
  .object({
    searchIndexing: z.boolean(),
    privateBrowsing: z.boolean(),
    phone: z.string().nullable().openapi({ description: 'Your phone number in E.164, or null. Only you and the support chat see it.' }),
  })
  .openapi('Privacy');

export const SitemapEntrySchema = z.object({ memberType: MemberTypeSchema, slug: z.string(), updatedAt: z.string() }).openapi('SitemapEntry');

export type ProfileCity = z.infer<typeof ProfileCitySchema>;
export type CofounderPreferences = z.infer<typeof CofounderPreferencesSchema>;
export type FounderDetails = z.infer<typeof FounderDetailsSchema>;
export type AdvisorDetails = z.infer<typeof AdvisorDetailsSchema>;
export type ProfileDetails = z.infer<typeof ProfileDetailsSchema>;
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;
export type Match = z.infer<typeof MatchSchema>;
export type ProfileView = z.infer<typeof ProfileViewSchema>;
export type ProfileViews = z.infer<typeof ProfileViewsSchema>;
export type ViewedProfiles = z.infer<typeof ViewedProfilesSchema>;
export type OnboardingState = z.infer<typeof OnboardingStateSchema>;
export type Privacy = z.infer<typeof PrivacySchema>;
export type SavedFounderProfile = z.infer<typeof SavedFounderProfileSchema>;
export type SavedAdvisorProfile = z.infer<typeof SavedAdvisorProfileSchema>;
export type SitemapEntry = z.infer<typeof SitemapEntrySchema>;
