/**
 * Route documentation shared by the profile routes: tags, security, and the multipart
 * profile forms (onboarding and settings) as the schemas that validate and document
 * them. Lists are the key repeated, booleans are `true`/`false`, `links` and
 * `cofounderPreferences` are JSON text, pictures are files checked by their bytes here,
 * so that one 400 names every problem of the form. Whether a picture still needs its alt
 * text depends on the profile's current pictures: profile-form.ts checks that after.
 */
import { z } from '@hono/zod-openapi';
import { firstOf, formBody, normalizedFormHook, valuesOf, type FormValues } from '../http/forms';
import { checkImage, type CheckedImage, type ImageRules } from '../media/images';
import type { ImageField } from './image-fields';
import {
  CofounderPreferencesSchema,
  CommitmentSchema,
  EngagementSchema,
  EquityExpectationSchema,
  ExpertiseSchema,
  FullTimeTimingSchema,
  HelpStageSchema,
  HelpTypeSchema,
  IdeaStageSchema,
  IndustrySchema,
  ResponsibilitySchema,
  SkillSchema,
} from './schemas';
import { PROFILE_LIMITS as L } from '../shared/profile-vocabulary';

export const profilesDoc = { tags: ['Profiles'] };

/** Keys sent repeated, one value each. */
const LIST_KEYS = ['skills', 'industries', 'interests', 'expertise', 'helpTypes', 'takesRoles', 'wantsRoles', 'engagements', 'helpStages'];
/** Keys holding JSON text. */
const JSON_KEYS = new Set(['links', 'cofounderPreferences']);
/** The picture keys, read as sent (first value): files, alt texts and removal flags. */
const PICTURE_KEYS = new Set(['profilePicture', 'profilePictureAlt', 'removeProfilePicture', 'profileBanner', 'profileBannerAlt', 'removeProfileBanner']);
/** JSON text that did not parse, kept so that its field can say so. */
const INVALID_JSON = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

/**
 * The form as its fields read it: lists as arrays of their non-blank texts, other texts
 * by their first non-blank value (blank ones left out, so they read as missing), JSON
 * decoded, picture keys as sent. The schemas read this, and so do the problems' names.
 */
function normalizeProfileForm(form: unknown): unknown {
  // Anything but a form (the document generator asks about null) is left for the schema to refuse.
  if (typeof form !== 'object' || form === null) return form;
  const normalized: FormValues = Object.fromEntries(LIST_KEYS.map((key) => [key, []]));
  for (const [key, value] of Object.entries(form as FormValues)) {
    if (PICTURE_KEYS.has(key)) {
      normalized[key] = firstOf(value);
      continue;
    }
    const texts = valuesOf(value).filter((text): text is string => typeof text === 'string' && text.trim() !== '');
    if (LIST_KEYS.includes(key)) normalized[key] = texts;
    else if (texts.length > 0) normalized[key] = JSON_KEYS.has(key) ? parseJson(texts[0]!) : texts[0];
  }
  return normalized;
}

/** The hook of the profile form routes: problems named against the normalized form, list problems on the list. */
export const profileFormHook = normalizedFormHook(normalizeProfileForm, LIST_KEYS);

const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** Optional text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || null);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const optionalFlag = (fallback: boolean) => flag.optional().transform((value) => value ?? fallback);
const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);
/** A list sent by repeating its key, without repeats (one that may be empty may be left out). */
const unique = <T extends z.ZodType>(item: T, min: number, max: number) => {
  const list = z.array(item).min(min).max(max);
  return (min === 0 ? list.default([]) : list).transform((values) => [...new Set(values)] as z.infer<T>[]).openapi({ description: 'Send the key once per value.' });
};
/** A JSON field: text that does not parse is refused as such, a value is checked by `schema`. */
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (value === INVALID_JSON) ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
    return value;
  }, schema);

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const ProfileLinksSchema = z
  .array(
    z.object({
      label: requiredText(L.linkLabelMax),
      url: z.string().trim().max(L.urlMax).refine(isWebAddress, 'must be an http or https address'),
    }),
  )
  .max(L.linksMax);

/** An https address (a startup's website): other schemes, and addresses with a password, are refused. */
function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A choice that may be left out: missing becomes null. */
const optionalChoice = <T extends z.ZodType>(schema: T) => schema.optional().transform((value) => (value ?? null) as z.output<T> | null);

/** The deeper founder fields (docs/product.md#profiles): all optional, so onboarding's required path stays as it was. */
const founderDepth = {
  startupName: optionalText(L.startupNameMax),
  startupWebsite: z
    .string()
    .trim()
    .max(L.urlMax)
    .refine(isHttpsAddress, 'must be an https address, e.g. https://example.com')
    .optional()
    .transform((value) => value ?? null)
    .openapi({ description: "The startup's website: an https address." }),
  builtSoFar: optionalText(L.builtSoFarMax).openapi({ description: 'What is built so far, in a sentence or two.' }),
  takesRoles: unique(ResponsibilitySchema, 0, Object.keys(ResponsibilitySchema.enum).length).openapi({
    description: 'Responsibilities the founder takes on. Send the key once per value.',
  }),
  wantsRoles: unique(ResponsibilitySchema, 0, Object.keys(ResponsibilitySchema.enum).length).openapi({
    description: 'Responsibilities they want a co-founder to take. Send the key once per value.',
  }),
  equity: optionalChoice(EquityExpectationSchema).openapi({ description: 'Equity expectations with a co-founder.' }),
  fullTime: optionalChoice(FullTimeTimingSchema).openapi({ description: 'When they can go full time.' }),
  hoursPerWeek: wholeNumber
    .refine((hours) => hours <= L.hoursPerWeekMax, `must be at most ${L.hoursPerWeekMax}`)
    .optional()
    .transform((value) => value ?? null)
    .openapi({ description: `Hours a week on the startup now, 0–${L.hoursPerWeekMax}.` }),
};

const shared = {
  bio: optionalText(L.bioMax),
  industries: unique(IndustrySchema, 0, L.industriesMax),
  cityId: wholeNumber
    .optional()
    .transform((value) => value ?? null)
    .openapi({ description: 'A GeoNames id from GET /cities.' }),
  links: json(ProfileLinksSchema.optional().transform((value) => value ?? [])).openapi({
    type: 'string',
    description: `JSON array of up to ${L.linksMax} { "label", "url" } (http or https).`,
  }),
};

/** The founder form's text fields. */
const FounderFieldsSchema = z.object({
  firstName: requiredText(L.nameMax),
  lastName: requiredText(L.nameMax),
  tagline: optionalText(L.taglineMax),
  technical: flag.openapi({ description: 'Whether the founder builds the product themself.' }),
  skills: unique(SkillSchema, 1, L.skillsMax),
  commitment: CommitmentSchema,
  ideaStage: IdeaStageSchema,
  interests: unique(requiredText(L.interestMax), 0, L.interestsMax),
  openToRemote: optionalFlag(false).openapi({ description: 'Open to working remotely (default false).' }),
  lookingForCofounder: optionalFlag(false).openapi({ description: 'Looking for a co-founder (default false).' }),
  cofounderPreferences: json(CofounderPreferencesSchema.optional().transform((value) => value ?? {})).openapi({
    type: 'string',
    description: 'JSON CofounderPreferences: each criterion with its importance.',
  }),
  ...founderDepth,
  ...shared,
});

/** The advisor form's text fields. */
const AdvisorFieldsSchema = z.object({
  name: requiredText(L.nameMax),
  position: optionalText(L.positionMax),
  expertise: unique(ExpertiseSchema, 1, L.expertiseMax),
  helpTypes: unique(HelpTypeSchema, 1, Object.keys(HelpTypeSchema.enum).length),
  yearsExperience: wholeNumber
    .refine((years) => years <= 70, 'must be at most 70')
    .optional()
    .transform((value) => value ?? null)
    .openapi({ description: 'Whole years, 0–70.' }),
  experience: optionalText(L.experienceMax).openapi({ description: 'A short summary: roles, exits, boards.' }),
  openToRemote: optionalFlag(true).openapi({ description: 'Open to helping remotely (default true).' }),
  engagements: unique(EngagementSchema, 0, Object.keys(EngagementSchema.enum).length).openapi({ description: 'How they engage with founders. Send the key once per value.' }),
  helpStages: unique(HelpStageSchema, 0, Object.keys(HelpStageSchema.enum).length).openapi({ description: 'The startup stages they help most. Send the key once per value.' }),
  ...shared,
});

export type FounderFields = z.output<typeof FounderFieldsSchema>;
export type AdvisorFields = z.output<typeof AdvisorFieldsSchema>;

const IMAGE_RULES: Record<ImageField, ImageRules> = {
  profilePicture: { maxBytes: L.imageMaxBytes, maxSide: L.imageMaxSide, minWidth: L.avatarMinSide, minHeight: L.avatarMinSide },
  profileBanner: { maxBytes: L.imageMaxBytes, maxSide: L.imageMaxSide, minWidth: L.bannerMinWidth, minHeight: 1 },
};

/** A picture file checked by its bytes: the image, metadata removed, or the problem reported on the field. */
async function checkedPicture(file: File, rules: ImageRules, ctx: z.core.$RefinementCtx): Promise<CheckedImage> {
  const checked = checkImage(new Uint8Array(await file.arrayBuffer()), rules);
  if ('image' in checked) return checked.image;
  ctx.addIssue({ code: 'custom', message: checked.problem });
  return z.NEVER;
}

/** A picture: a file checked by its bytes, or null when none was sent (answered at once, so the document generator can ask). */
const picture = (field: ImageField, description: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): CheckedImage | null | Promise<CheckedImage> => {
      // A file input left empty still sends a part: an empty file with no name.
      if (value instanceof File && value.size > 0) return checkedPicture(value, IMAGE_RULES[field], ctx);
      if (typeof value === 'string' && value.trim() !== '') {
        ctx.addIssue({ code: 'custom', message: 'must be a file: a JPEG, PNG or WebP image' });
        return z.NEVER;
      }
      return null;
    })
    .openapi({ type: 'string', format: 'binary', description });
/** Alt text as sent (trimmed); a file in its place reads as not sent. */
const altText = (description: string) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.trim() : undefined))
    .pipe(z.string().max(L.altMax).optional())
    .openapi({ type: 'string', maxLength: L.altMax, description });
const removal = (description: string) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .openapi({ description });

const pictures = {
  profilePicture: picture(
    'profilePicture',
    `JPEG, PNG or WebP, recognised by its bytes; at most ${L.imageMaxBytes / 1024 / 1024} MB and ${L.imageMaxSide} px a side, at least ${L.avatarMinSide} × ${L.avatarMinSide} px. Metadata is removed.`,
  ),
  profilePictureAlt: altText('Alt text of the picture; required whenever the profile has a picture.'),
  removeProfilePicture: removal('true removes the current picture (settings).'),
  profileBanner: picture('profileBanner', `Like the picture; at least ${L.bannerMinWidth} px wide.`),
  profileBannerAlt: altText('Alt text of the banner; required whenever the profile has a banner.'),
  removeProfileBanner: removal('true removes the current banner (settings).'),
};

const PicturesSchema = z.object(pictures);

/** The picture values of a validated form: files checked, alt texts as sent, removals. */
export type PictureValues = z.output<typeof PicturesSchema>;

/** A profile form's fields and pictures, read from the normalized form and answered apart. */
const profileForm = <T extends z.ZodObject>(fields: T) =>
  z.preprocess(
    normalizeProfileForm,
    fields.extend(pictures).transform(({ profilePicture, profilePictureAlt, removeProfilePicture, profileBanner, profileBannerAlt, removeProfileBanner, ...values }) => ({
      // What is left once the six picture keys are taken out is T's fields.
      fields: values as z.output<T>,
      pictures: { profilePicture, profilePictureAlt, removeProfilePicture, profileBanner, profileBannerAlt, removeProfileBanner } as PictureValues,
    })),
  );

/** The profile forms' own checks, also for the development member factory (dev/member-factory.ts). */
export const founderFormSchema = profileForm(FounderFieldsSchema);
export const advisorFormSchema = profileForm(AdvisorFieldsSchema);

export const founderForm = formBody(founderFormSchema, 'The founder profile form. Lists repeat their key; JSON fields are text.', LIST_KEYS);
export const advisorForm = formBody(advisorFormSchema, 'The advisor profile form. Lists repeat their key; JSON fields are text.', LIST_KEYS);
