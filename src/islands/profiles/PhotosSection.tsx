/**
 * The photos step of the member's form (and its settings section): the profile picture and
 * the banner, each picked, measured and described by its alt text, or a saved one removed.
 */
import { PROFILE_LIMITS as L } from '@api/shared/profile-vocabulary';
import type { ProfileForm } from '../../lib/profiles/form-model';
import type { FieldErrors } from '../../lib/profiles/validation';
import { ImagePicker } from './ImagePicker';
import type { ImagesState } from './use-images';

/** The saved images' addresses (settings), already under the media base. */
export interface SavedImages {
  profilePicture: string | null;
  profileBanner: string | null;
}

interface PhotosSectionProps<F extends ProfileForm> {
  form: F;
  update(patch: Partial<F>): void;
  errors: FieldErrors;
  images: ImagesState;
  /** Absent in onboarding, where nothing is saved yet. */
  saved?: SavedImages;
}

/** The picture and banner pickers with their alt texts. */
export function PhotosSection<F extends ProfileForm>({ form, update, errors, images, saved }: PhotosSectionProps<F>) {
  return (
    <>
      <ImagePicker
        field="profilePicture"
        label="Profile picture"
        hint={`JPEG, PNG or WebP, up to 5 MB, at least ${L.avatarMinSide}×${L.avatarMinSide} pixels. A square photo of your face works best.`}
        picked={images.picked.profilePicture}
        onPick={(file) => void images.pick('profilePicture', file)}
        onMeasured={(w, h) => images.measured('profilePicture', w, h)}
        savedUrl={saved?.profilePicture}
        removed={images.removed.profilePicture}
        onRemoveSaved={(removed) => images.setRemoved('profilePicture', removed)}
        alt={form.profilePictureAlt}
        onAlt={(profilePictureAlt) => update({ profilePictureAlt } as Partial<F>)}
        error={errors.profilePicture ?? images.picked.profilePicture?.problem ?? undefined}
        altError={errors.profilePictureAlt}
      />
      <ImagePicker
        field="profileBanner"
        label="Banner"
        hint={`JPEG, PNG or WebP, up to 5 MB, at least ${L.bannerMinWidth} pixels wide. A wide image (3:1) fits best.`}
        picked={images.picked.profileBanner}
        onPick={(file) => void images.pick('profileBanner', file)}
        onMeasured={(w, h) => images.measured('profileBanner', w, h)}
        savedUrl={saved?.profileBanner}
        removed={images.removed.profileBanner}
        onRemoveSaved={(removed) => images.setRemoved('profileBanner', removed)}
        alt={form.profileBannerAlt}
        onAlt={(profileBannerAlt) => update({ profileBannerAlt } as Partial<F>)}
        error={errors.profileBanner ?? images.picked.profileBanner?.problem ?? undefined}
        altError={errors.profileBannerAlt}
      />
    </>
  );
}
