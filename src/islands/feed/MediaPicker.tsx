/**
 * The composer's media: up to four images (JPEG, PNG, WebP, GIF; ≤ 10 MB each) with an
 * alt text each, or one video (MP4, WebM; ≤ 50 MB), previewed before posting. The API
 * checks the bytes again; this only spares a wasted upload.
 */
import { POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX, VIDEO_MAX_BYTES, MEDIA_ALT_MAX } from '@api/feed/limits';
import { WRONG_KIND } from '../../lib/file-refusal';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';

export interface PickedFile {
  key: string;
  file: File;
  alt: string;
  preview: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm'];
export const MEDIA_ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

/** The files kept after adding `added` to `current`, or the reason they cannot be. */
export function addFiles(current: PickedFile[], added: File[]): { files: PickedFile[] } | { error: string } {
  const all = [...current.map((item) => item.file), ...added];
  const videos = all.filter((file) => VIDEO_TYPES.includes(file.type));
  for (const file of added) {
    if (!IMAGE_TYPES.includes(file.type) && !VIDEO_TYPES.includes(file.type)) return { error: WRONG_KIND.postMedia };
    if (IMAGE_TYPES.includes(file.type) && file.size > POST_IMAGE_MAX_BYTES) return { error: `${file.name}: pictures can be up to 10 MB.` };
    if (VIDEO_TYPES.includes(file.type) && file.size > VIDEO_MAX_BYTES) return { error: `${file.name}: videos can be up to 50 MB.` };
  }
  if (videos.length > 0 && all.length > 1) return { error: 'A post carries one video, or up to four pictures, not both.' };
  if (all.length > POST_IMAGES_MAX) return { error: `A post carries up to ${POST_IMAGES_MAX} pictures.` };
  const fresh = added.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, file, alt: '', preview: URL.createObjectURL(file) }));
  return { files: [...current, ...fresh] };
}

/** Why the alt texts can't be posted as they are (the first one over its limit), or null. */
export function altOverLimit(files: PickedFile[]): string | null {
  for (const [index, item] of files.entries()) {
    const reason = overLimitReason(`alt text for picture ${index + 1}`, item.alt.length, MEDIA_ALT_MAX);
    if (reason) return reason;
  }
  return null;
}

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
