/**
 * A validated profile form (openapi.ts's founderFormSchema and advisorFormSchema) → what
 * saving takes: the fields, and for each picture what happens to it. A picture the
 * profile will show needs its alt text, sent now or kept from before; that depends on the
 * profile's current pictures, so it is checked here rather than by the schema.
 */
import { invalidFields, type FieldErrors } from '../errors';
import { IMAGE_FIELDS, type ImageChange, type ImageField } from './image-fields';
import type { PictureValues } from './openapi';

/** The images the profile has now, to tell whether alt text is still needed. */
export type CurrentImages = Record<ImageField, { url: string | null; alt: string | null }>;

export type ProfileForm<F> = { fields: F; images: Record<ImageField, ImageChange> };

function imageChange(pictures: PictureValues, field: ImageField, current: CurrentImages[ImageField], errors: FieldErrors): ImageChange {
  const names = IMAGE_FIELDS[field];
  const upload = pictures[field];
  const remove = pictures[names.remove] && !upload;
  const alt = pictures[names.alt] ?? current.alt;
  const hasImage = upload !== null || (current.url !== null && !remove);
  if (hasImage && !alt) errors[names.alt] = 'is required with an image: describe it for people who cannot see it';
  return { upload, remove, alt: hasImage ? alt || null : null };
}

/** The form's fields and picture changes; a 400 naming each picture left without alt text. */
export function readProfileForm<F>(form: { fields: F; pictures: PictureValues }, current: CurrentImages): ProfileForm<F> {
  const errors: FieldErrors = {};
  const images = {
    profilePicture: imageChange(form.pictures, 'profilePicture', current.profilePicture, errors),
    profileBanner: imageChange(form.pictures, 'profileBanner', current.profileBanner, errors),
  };
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return { fields: form.fields, images };
}
