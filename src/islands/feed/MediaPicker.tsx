/**
 * The composer's media: up to four images (JPEG, PNG, WebP, GIF; ≤ 10 MB each) with an
 * alt text each, or one video (MP4, WebM; ≤ 50 MB), previewed before posting. The API
 * checks the bytes again; this only spares a wasted upload. The rules are in ./media-files.ts;
 * this list loads with the first file picked.
 */
import { MEDIA_ALT_MAX } from '@api/shared/feed-limits';
import { CharacterCount } from '../ui/CharacterCount';
import { VIDEO_TYPES, type PickedFile } from './media-files';

interface Props {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  disabled?: boolean;
}

export function MediaPicker({ files, onChange, disabled }: Props) {
  if (files.length === 0) return null;
  return (
    <ul className="fd-picked" aria-label="Attached media">
      {files.map((item, index) => {
        const video = VIDEO_TYPES.includes(item.file.type);
        // The key carries the file name: keep to characters an id list can hold.
        const countId = `fd-alt-${item.key.replace(/[^A-Za-z0-9-]/g, '-')}-count`;
        return (
          <li key={item.key} className="fd-picked-item">
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a video without controls takes no focus; the preview is decorative, its file name is shown beside it */}
            {video ? <video src={item.preview} muted aria-hidden="true" /> : <img src={item.preview} alt="" />}
            <div className="fd-picked-fields">
              {video ? (
                <p className="small">{item.file.name}</p>
              ) : (
                <label className="field">
                  <span>Alt text for picture {index + 1} (describe it for screen readers)</span>
                  <input
                    type="text"
                    required
                    value={item.alt}
                    disabled={disabled}
                    aria-invalid={item.alt.length > MEDIA_ALT_MAX || undefined}
                    aria-describedby={countId}
                    onChange={(event) => onChange(files.map((other) => (other.key === item.key ? { ...other, alt: event.target.value } : other)))}
                  />
                  <CharacterCount id={countId} length={item.alt.length} max={MEDIA_ALT_MAX} />
                </label>
              )}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={disabled}
                onClick={() => {
                  URL.revokeObjectURL(item.preview);
                  onChange(files.filter((other) => other.key !== item.key));
                }}
              >
                Remove {video ? 'video' : `picture ${index + 1}`}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
