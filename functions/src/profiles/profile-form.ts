/**
 * The multipart profile forms (onboarding and settings) → validated input. Lists are the
 * key repeated, booleans are `true`/`false`, `links` and `cofounderPreferences` are JSON
 * text, pictures are files checked by their bytes. Every problem is reported at once,
 * each under the field the form shows it at.
 */
import { z } from 'zod';
import { invalidFields, type FieldErrors } from '../errors';
import { fieldErrorsOf } from '../http/validation';
import { checkImage, type CheckedImage, type ImageRules } from '../media/images';
import type { MemberType } from '../users/schemas';
import { IMAGE_FIELDS, type ImageChange, type ImageField } from './image-fields';
import { CofounderPreferencesSchema, CommitmentSchema, ExpertiseSchema, HelpTypeSchema, IdeaStageSchema, IndustrySchema, SkillSchema } from './schemas';
import { PROFILE_LIMITS as L } from './vocabulary';

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
const unique = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min)
    .max(max)
    .transform((values) => [...new Set(values)] as z.infer<T>[]);

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const ProfileLinksSchema = z
  .array(
    z.object({
      label: requiredText(L.linkLabelMax),
      url: z.string().trim().max(L.urlMax).refine(isWebAddress, 'must be an http or https address'),
    }),
  )
  .max(L.linksMax);

const shared = {
  bio: optionalText(L.bioMax),
  industries: unique(IndustrySchema, 0, L.industriesMax),
  cityId: wholeNumber.optional().transform((value) => value ?? null),
  links: ProfileLinksSchema.optional().transform((value) => value ?? []),
};

/** The founder form's text fields. */
export const FounderFieldsSchema = z.object({
  firstName: requiredText(L.nameMax),
  lastName: requiredText(L.nameMax),
  tagline: optionalText(L.taglineMax),
  technical: flag,
  skills: unique(SkillSchema, 1, L.skillsMax),
  commitment: CommitmentSchema,
  ideaStage: IdeaStageSchema,
  interests: unique(requiredText(L.interestMax), 0, L.interestsMax),
  openToRemote: optionalFlag(false),
  lookingForCofounder: optionalFlag(false),
  cofounderPreferences: CofounderPreferencesSchema.optional().transform((value) => value ?? {}),
  ...shared,
});

/** The advisor form's text fields. */
export const AdvisorFieldsSchema = z.object({
  name: requiredText(L.nameMax),
  position: optionalText(L.positionMax),
  expertise: unique(ExpertiseSchema, 1, L.expertiseMax),
  helpTypes: unique(HelpTypeSchema, 1, Object.keys(HelpTypeSchema.enum).length),
  yearsExperience: wholeNumber
    .refine((years) => years <= 70, 'must be at most 70')
    .optional()
    .transform((value) => value ?? null),
  experience: optionalText(L.experienceMax),
  openToRemote: optionalFlag(true),
  ...shared,
});

export type FounderFields = z.output<typeof FounderFieldsSchema>;
export type AdvisorFields = z.output<typeof AdvisorFieldsSchema>;

/** Keys sent repeated, one value each. */
const LIST_KEYS = new Set(['skills', 'industries', 'interests', 'expertise', 'helpTypes']);
/** Keys holding JSON text. */
const JSON_KEYS = new Set(['links', 'cofounderPreferences']);

const IMAGE_RULES: Record<ImageField, ImageRules> = {
  profilePicture: { maxBytes: L.imageMaxBytes, maxSide: L.imageMaxSide, minWidth: L.avatarMinSide, minHeight: L.avatarMinSide },
  profileBanner: { maxBytes: L.imageMaxBytes, maxSide: L.imageMaxSide, minWidth: L.bannerMinWidth, minHeight: 1 },
};

/** The images the profile has now, to tell whether alt text is still needed. */
export type CurrentImages = Record<ImageField, { url: string | null; alt: string | null }>;

export type ProfileForm<F> = { fields: F; images: Record<ImageField, ImageChange> };

/** The text values of the form: lists as arrays, JSON decoded, blanks left out. */
function rawFields(form: FormData, errors: FieldErrors): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of LIST_KEYS) raw[key] = [];
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
    if (LIST_KEYS.has(key)) raw[key] = values;
    else if (values.length === 0) continue;
    else if (!JSON_KEYS.has(key)) raw[key] = values[0];
    else {
      try {
        raw[key] = JSON.parse(values[0]!);
      } catch {
        errors[key] = 'must be valid JSON';
      }
    }
  }
  return raw;
}

/** Field errors of a zod failure; problems inside a repeated list are reported on the list. */
function problemsOf(issues: readonly z.core.$ZodIssue[], raw: Record<string, unknown>): FieldErrors {
  const listed = issues.map((issue) =>
    LIST_KEYS.has(String(issue.path[0])) && issue.path.length > 1 ? { ...issue, path: [issue.path[0]!] } : issue,
  ) as z.core.$ZodIssue[];
  return fieldErrorsOf(listed, raw, 'body');
}

async function readImage(form: FormData, field: ImageField, current: CurrentImages[ImageField], errors: FieldErrors): Promise<ImageChange> {
  const names = IMAGE_FIELDS[field];
  const value = form.get(field);
  let upload: CheckedImage | null = null;
  // A file input left empty still sends a part: an empty file with no name.
  if (value instanceof File && value.size > 0) {
    const checked = checkImage(new Uint8Array(await value.arrayBuffer()), IMAGE_RULES[field]);
    if ('problem' in checked) errors[field] = checked.problem;
    else upload = checked.image;
  } else if (typeof value === 'string' && value.trim() !== '') {
    errors[field] = 'must be a file: a JPEG, PNG or WebP image';
  }
  const removeValue = form.get(names.remove);
  if (removeValue !== null && removeValue !== 'true' && removeValue !== 'false') errors[names.remove] = 'must be one of: true, false';
  const remove = removeValue === 'true' && !upload;
  const sentAlt = form.get(names.alt);
  const alt = typeof sentAlt === 'string' ? sentAlt.trim() : current.alt;
  if (alt && alt.length > L.altMax) errors[names.alt] = `must be at most ${L.altMax} characters`;
  const hasImage = upload !== null || (current.url !== null && !remove);
  if (hasImage && !alt && !errors[field]) errors[names.alt] = 'is required with an image: describe it for people who cannot see it';
  return { upload, remove, alt: hasImage ? alt || null : null };
}

const SCHEMAS = { founder: FounderFieldsSchema, advisor: AdvisorFieldsSchema } as const;

/**
 * Reads and validates a profile form of the member type; throws one 400 naming every
 * field at fault (a picture problem included).
 */
export async function readProfileForm<T extends MemberType>(
  form: FormData,
  memberType: T,
  current: CurrentImages,
): Promise<ProfileForm<T extends 'founder' ? FounderFields : AdvisorFields>> {
  const errors: FieldErrors = {};
  const raw = rawFields(form, errors);
  const parsed = SCHEMAS[memberType].safeParse(raw);
  const images = {
    profilePicture: await readImage(form, 'profilePicture', current.profilePicture, errors),
    profileBanner: await readImage(form, 'profileBanner', current.profileBanner, errors),
  };
  if (!parsed.success) Object.assign(errors, { ...problemsOf(parsed.error.issues, raw), ...errors });
  if (Object.keys(errors).length > 0 || !parsed.success) throw invalidFields(errors);
  return { fields: parsed.data as T extends 'founder' ? FounderFields : AdvisorFields, images };
}
