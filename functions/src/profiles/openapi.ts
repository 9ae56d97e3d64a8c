/**
 * Route documentation shared by the profile routes: tags, security, and the multipart
 * forms written out as OpenAPI schemas. The forms are read by the handlers themselves
 * (lists repeat their key, JSON travels as text, pictures are files), so these schemas
 * document them without making the framework validate them a second time.
 */
import { COMMITMENTS, EXPERTISE, HELP_TYPES, IDEA_STAGES, INDUSTRIES, PROFILE_LIMITS as L, SKILLS } from './vocabulary';

export const profilesDoc = { tags: ['Profiles'] };
export const memberDoc = { ...profilesDoc, security: [{ bearerAuth: [] }] };

type Property = Record<string, unknown>;

const text = (maxLength: number, description?: string): Property => ({ type: 'string', maxLength, ...(description ? { description } : {}) });
const flag = (description: string): Property => ({ type: 'string', enum: ['true', 'false'], description });
const list = (values: Record<string, string>, maxItems: number, description: string): Property => ({
  type: 'array',
  items: { type: 'string', enum: Object.keys(values) },
  maxItems,
  description: `${description} Send the key once per value.`,
});
const json = (description: string): Property => ({ type: 'string', contentMediaType: 'application/json', description });
const file = (description: string): Property => ({ type: 'string', format: 'binary', description });

const images: Record<string, Property> = {
  profilePicture: file(
    `JPEG, PNG or WebP, recognised by its bytes; at most ${L.imageMaxBytes / 1024 / 1024} MB and ${L.imageMaxSide} px a side, at least ${L.avatarMinSide} × ${L.avatarMinSide} px. Metadata is removed.`,
  ),
  profilePictureAlt: text(L.altMax, 'Alt text of the picture; required whenever the profile has a picture.'),
  removeProfilePicture: flag('true removes the current picture (settings).'),
  profileBanner: file(`Like the picture; at least ${L.bannerMinWidth} px wide.`),
  profileBannerAlt: text(L.altMax, 'Alt text of the banner; required whenever the profile has a banner.'),
  removeProfileBanner: flag('true removes the current banner (settings).'),
};

const shared: Record<string, Property> = {
  bio: text(L.bioMax),
  industries: list(INDUSTRIES, L.industriesMax, 'Industries.'),
  cityId: { type: 'string', pattern: '^\\d+$', description: 'A GeoNames id from GET /cities.' },
  links: json(`JSON array of up to ${L.linksMax} { "label", "url" } (http or https).`),
};

const encoding = Object.fromEntries(['skills', 'industries', 'interests', 'expertise', 'helpTypes'].map((key) => [key, { style: 'form', explode: true }]));

function form(properties: Record<string, Property>, required: string[], description: string) {
  return {
    required: true,
    description,
    content: { 'multipart/form-data': { schema: { type: 'object' as const, required, properties }, encoding } },
  };
}

export const founderForm = form(
  {
    firstName: text(L.nameMax),
    lastName: text(L.nameMax),
    tagline: text(L.taglineMax),
    technical: flag('Whether the founder builds the product themself.'),
    skills: list(SKILLS, L.skillsMax, 'At least one skill.'),
    commitment: { type: 'string', enum: Object.keys(COMMITMENTS) },
    ideaStage: { type: 'string', enum: Object.keys(IDEA_STAGES) },
    interests: { type: 'array', items: { type: 'string', maxLength: L.interestMax }, maxItems: L.interestsMax, description: 'Free words. Send the key once per value.' },
    openToRemote: flag('Open to working remotely (default false).'),
    lookingForCofounder: flag('Looking for a co-founder (default false).'),
    cofounderPreferences: json('JSON CofounderPreferences: each criterion with its importance.'),
    ...shared,
    ...images,
  },
  ['firstName', 'lastName', 'technical', 'skills', 'commitment', 'ideaStage'],
  'The founder profile form. Lists repeat their key; JSON fields are text.',
);

export const advisorForm = form(
  {
    name: text(L.nameMax),
    position: text(L.positionMax),
    expertise: list(EXPERTISE, L.expertiseMax, 'At least one area of expertise.'),
    helpTypes: list(HELP_TYPES, Object.keys(HELP_TYPES).length, 'At least one way of helping.'),
    yearsExperience: { type: 'string', pattern: '^\\d+$', description: 'Whole years, 0–70.' },
    experience: text(L.experienceMax, 'A short summary: roles, exits, boards.'),
    openToRemote: flag('Open to helping remotely (default true).'),
    ...shared,
    ...images,
  },
  ['name', 'expertise', 'helpTypes'],
  'The advisor profile form. Lists repeat their key; JSON fields are text.',
);
