/**
 * The picture and banner a member chose in a profile form: each file is checked by its
 * bytes and size as soon as it is picked, previewed from an object URL (released when
 * replaced or when the form goes away), and its dimensions checked once the preview loads.
 */
import { useEffect, useRef, useState } from 'react';
import { checkImageFile, dimensionProblem, type ImageField } from '../../lib/profiles/image-check';
import type { ImageFiles } from '../../lib/profiles/multipart';
import type { ImageChoices } from '../../lib/profiles/validation';

export interface PickedImage {
  file: File;
  /** Object URL for the preview; null when the file was refused. */
  previewUrl: string | null;
  problem: string | null;
}

type Picked = Record<ImageField, PickedImage | null>;
type Removed = Record<ImageField, boolean>;

export interface ImagesState {
  picked: Picked;
  /** Saved images the member asked to remove (settings). */
  removed: Removed;
  pick(field: ImageField, file: File | null): Promise<void>;
  /** The preview loaded: check its dimensions. */
  measured(field: ImageField, width: number, height: number): void;
  setRemoved(field: ImageField, removed: boolean): void;
  /** What validation needs to know; `saved` tells which images the profile has now. */
  choices(saved: Record<ImageField, boolean>): ImageChoices;
  files(): ImageFiles;
  /** After a save: nothing chosen, nothing to remove. */
  reset(): void;
}

const NONE: Picked = { profilePicture: null, profileBanner: null };
const KEEP: Removed = { profilePicture: false, profileBanner: false };

export function useImages(): ImagesState {
  const [picked, setPicked] = useState<Picked>(NONE);
  const [removed, setRemovedState] = useState<Removed>(KEEP);
  const urls = useRef(new Set<string>());

  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const release = (image: PickedImage | null) => {
    if (image?.previewUrl) {
      URL.revokeObjectURL(image.previewUrl);
      urls.current.delete(image.previewUrl);
    }
  };

  const replace = (field: ImageField, next: PickedImage | null) =>
    setPicked((current) => {
      if (current[field] !== next) release(current[field]);
      return { ...current, [field]: next };
    });

  return {
    picked,
    removed,
    async pick(field, file) {
      if (!file) return replace(field, null);
      const problem = await checkImageFile(field, file);
      let previewUrl: string | null = null;
      if (!problem) {
        previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
      }
      replace(field, { file, previewUrl, problem });
    },
    measured(field, width, height) {
      const problem = dimensionProblem(field, width, height);
      setPicked((current) => {
        const image = current[field];
        return image && image.problem !== problem ? { ...current, [field]: { ...image, problem } } : current;
      });
    },
    setRemoved(field, value) {
      setRemovedState((current) => ({ ...current, [field]: value }));
    },
    choices(saved) {
      const choice = (field: ImageField) => ({
        chosen: picked[field] !== null,
        kept: picked[field] === null && saved[field] && !removed[field],
        problem: picked[field]?.problem ?? null,
      });
      return { profilePicture: choice('profilePicture'), profileBanner: choice('profileBanner') };
    },
    files() {
      return { profilePicture: picked.profilePicture?.file ?? null, profileBanner: picked.profileBanner?.file ?? null };
    },
    reset() {
      release(picked.profilePicture);
      release(picked.profileBanner);
      setPicked(NONE);
      setRemovedState(KEEP);
    },
  };
}
