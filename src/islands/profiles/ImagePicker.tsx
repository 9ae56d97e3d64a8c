/**
 * One image of a profile (picture or banner): the saved one or a preview of the new one,
 * a file input that takes JPEG, PNG or WebP, a remove button, and the alt text field that
 * is required whenever there is an image.
 */
import { PROFILE_LIMITS } from '@api/shared/profile-vocabulary';
import { useState } from 'react';
import type { ImageField } from '../../lib/profiles/image-check';
import { describedBy, FieldError, fieldId, Hint, TextField } from './fields';
import type { PickedImage } from './use-images';

const NOUN: Record<ImageField, string> = { profilePicture: 'picture', profileBanner: 'banner' };
const ALT_FIELD: Record<ImageField, 'profilePictureAlt' | 'profileBannerAlt'> = { profilePicture: 'profilePictureAlt', profileBanner: 'profileBannerAlt' };

interface Props {
  field: ImageField;
  label: string;
  hint: string;
  picked: PickedImage | null;
  onPick(file: File | null): void;
  onMeasured(width: number, height: number): void;
  /** The saved image's address (settings), or null. */
  savedUrl?: string | null;
  removed?: boolean;
  onRemoveSaved?(removed: boolean): void;
  alt: string;
  onAlt(alt: string): void;
  error?: string;
  altError?: string;
}

export function ImagePicker({ field, label, hint, picked, onPick, onMeasured, savedUrl = null, removed = false, onRemoveSaved, alt, onAlt, error, altError }: Props) {
  // A new key empties the file input after "Remove", so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const noun = NOUN[field];
  const preview = picked?.previewUrl ?? (picked ? null : removed ? null : savedUrl);
  const hasImage = Boolean(picked && !picked.problem) || (!picked && Boolean(savedUrl) && !removed);
  const id = fieldId(field);

  const clearChoice = () => {
    onPick(null);
    setInputKey((key) => key + 1);
  };

  return (
    <div className={`pf-image pf-image-${field === 'profilePicture' ? 'avatar' : 'banner'}`}>
      <div className="pf-image-preview" data-empty={preview ? undefined : ''}>
        {preview ? (
          <img
            src={preview}
            alt={picked ? `Preview of your new ${noun}` : alt || `Your current ${noun}`}
            onLoad={(event) => picked && onMeasured(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
          />
        ) : (
          <span className="muted small">{removed ? `Your ${noun} will be removed` : `No ${noun} yet`}</span>
        )}
      </div>
      <div className="stack stack-sm pf-image-controls">
        <div className="field">
          <label htmlFor={id}>
            {label}
            <span className="pf-optional"> (optional)</span>
          </label>
          <input
            key={inputKey}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(field, hint, error)}
            onChange={(event) => onPick(event.target.files?.[0] ?? null)}
          />
          <Hint field={field}>{hint}</Hint>
          <FieldError field={field} error={error} />
        </div>
        <div className="cluster">
          {picked && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={clearChoice}>
              {savedUrl && !removed ? `Keep the current ${noun}` : `Clear the chosen ${noun}`}
            </button>
          )}
          {!picked && savedUrl && onRemoveSaved && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onRemoveSaved(!removed)}>
              {removed ? `Keep my ${noun}` : `Remove ${noun}`}
            </button>
          )}
        </div>
        {hasImage && (
          <TextField
            field={ALT_FIELD[field]}
            label={`Describe your ${noun}`}
            hint="Alt text: what someone who cannot see it should know, e.g. “Ada smiling at a whiteboard”."
            value={alt}
            onChange={onAlt}
            maxLength={PROFILE_LIMITS.altMax}
            required
            error={altError}
          />
        )}
      </div>
    </div>
  );
}
