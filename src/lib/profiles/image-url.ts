/**
 * The address of a saved profile image. The API keeps its own uploads as `/media/<key>`
 * (the path the app serves them at); under a media base other than `/media/` (a CDN),
 * the key goes under that base instead. Other values follow mediaUrl's rules.
 */
import { mediaUrl } from '../text/media-url';

const OWN_MEDIA = /^\/media\//;

/** Where the browser loads a profile image stored as `path`; '' when there is none. */
export function profileImageUrl(path: string | null | undefined, mediaBase?: string): string {
  const value = (path ?? '').trim();
  return mediaUrl(OWN_MEDIA.test(value) ? value.replace(OWN_MEDIA, '') : value, mediaBase);
}
