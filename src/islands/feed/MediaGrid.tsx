/**
 * A post's pictures and video. docs/product.md#media: while an upload runs the post carries one
 * placeholder item (mime `progress`), and then only that item is shown, as a progress bar.
 */
import { isPlaceholder, isVideo, progressPercent, visibleMedia } from '../../lib/feed/media';
import type { MediaItem } from '../../lib/feed/types';
import { mediaUrl } from '../../lib/text/media-url';
import { useMediaBase } from '../ui/media-base';

export function MediaGrid({ media }: { media: MediaItem[] }) {
  const base = useMediaBase();
  const shown = visibleMedia(media);
  if (shown.length === 0) return null;
  const first = shown[0]!;
  if (isPlaceholder(first)) {
    const percent = progressPercent(first);
    return (
      <div className="fd-upload" data-testid="upload-placeholder">
        <span>Uploading… {percent}%</span>
        <progress max={100} value={percent} aria-label="Upload progress" />
      </div>
    );
  }
  return (
    <div className="fd-media" data-count={shown.length}>
      {shown.map((item) =>
        isVideo(item) ? (
          <video key={item._id} src={mediaUrl(item.url, base)} controls preload="metadata" aria-label={item.alt ?? 'Video'} />
        ) : (
          <img
            key={item._id}
            src={mediaUrl(item.url, base)}
            alt={item.alt ?? ''}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            loading="lazy"
            decoding="async"
          />
        ),
      )}
    </div>
  );
}
