/**
 * The two pictures of a profile and the form fields and storage folder of each, shared
 * by the form reader and the save.
 */
import type { CheckedImage } from '../media/images';

export const IMAGE_FIELDS = {
  profilePicture: { alt: 'profilePictureAlt', remove: 'removeProfilePicture', folder: 'avatars', url: 'profilePictureUrl', altColumn: 'profilePictureAlt' },
  profileBanner: { alt: 'profileBannerAlt', remove: 'removeProfileBanner', folder: 'banners', url: 'profileBannerUrl', altColumn: 'profileBannerAlt' },
} as const;

export type ImageField = keyof typeof IMAGE_FIELDS;

/** What happens to the picture or the banner. `alt` is the alt text the profile keeps. */
export type ImageChange = { upload: CheckedImage | null; remove: boolean; alt: string | null };
